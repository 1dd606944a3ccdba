import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { renderApiDocs, type ContractDocument } from './render-api-docs';

// `npm run build` (and a release's build, scripts/build-release.sh), after Vite: writes the API
// reference rendered from the contract into the built client (dist/client, vite.config.ts's
// outDir, or the folder given), where the server answers /portal/api/docs with it.

const root = fileURLToPath(new URL('../../', import.meta.url));
const contract = parse(
  readFileSync(resolve(root, 'openapi/portal.yaml'), 'utf8'),
) as ContractDocument;
const target = resolve(process.argv[2] ?? resolve(root, 'dist/client'), 'api-docs.html');
writeFileSync(target, renderApiDocs(contract));
console.log(`API reference written to ${target}`);
