import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The files the server reads at run time besides its code. Run from source (tsx, the tests),
// this module is server/runtime-files.ts and they are where the repository keeps them. Built
// (npm run build, scripts/build-server.ts), it is bundled into each entry in dist/server/, and
// the build copies them beside the entries, so dist/ and package.json are all a production
// install needs.
const here = fileURLToPath(new URL('.', import.meta.url));
const compiled = import.meta.url.endsWith('.js');

export const runtimeFiles = {
  migrations: compiled ? join(here, 'migrations') : join(here, 'db/migrations'),
  contract: compiled ? join(here, 'portal.json') : join(here, '../openapi/portal.yaml'),
  packageJson: compiled ? join(here, '../../package.json') : join(here, '../package.json'),
  /** The embedded database's thread, and what Node needs to load it (tsx for TypeScript). */
  pgliteThread: compiled
    ? { file: join(here, 'pglite-thread.js'), execArgv: [] }
    : { file: join(here, 'db/pglite-thread.ts'), execArgv: ['--import', 'tsx'] },
};
