// The server half of `npm run build`: the server's bundle (scripts/server-bundle.ts) in
// dist/server/, or in OUT_DIR (scripts/build-release.sh).
// Usage: tsx scripts/build-server.ts [OUT_DIR]   (default dist/server)
import path from 'node:path';
import { bundleServer } from './server-bundle';

const out = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/server'));
try {
  await bundleServer(out);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
