// The server half of `npm run build`: bundles each server entry into one plain JavaScript file in
// dist/server/ (esbuild; the packages stay imports, installed by `npm ci --omit=dev`), copies the
// files the server reads at run time beside them (server/runtime-files.ts) and the Node version
// check that starts them (server/launch.mjs). It fails when the server imports a package that is
// not a production dependency, which `npm ci --omit=dev` would leave out.
// Usage: tsx scripts/build-server.ts [OUT_DIR]   (default dist/server)
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { copyFileSync, cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist/server'));

const ENTRIES = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  cli: 'server/cli.ts',
  'pglite-thread': 'server/db/pglite-thread.ts',
};

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function notProductionDependencies(imports: Iterable<string>): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const builtins = new Set(builtinModules);
  return [...new Set([...imports].map(packageOf))].filter(
    (name) => !name.startsWith('node:') && !builtins.has(name) && !(name in manifest.dependencies),
  );
}

rmSync(out, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: ROOT,
  entryPoints: Object.entries(ENTRIES).map(([name, file]) => ({ in: file, out: name })),
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const external = Object.values(metafile.outputs).flatMap((output) =>
  output.imports.filter((entry) => entry.external).map((entry) => entry.path),
);
const missing = notProductionDependencies(external);
if (missing.length > 0) {
  console.error(
    `The server imports ${missing.join(', ')} at run time: move it to package.json's dependencies.`,
  );
  process.exit(1);
}
cpSync(path.join(ROOT, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
copyFileSync(path.join(ROOT, 'openapi/portal.yaml'), path.join(out, 'portal.yaml'));
copyFileSync(path.join(ROOT, 'server/launch.mjs'), path.join(out, 'launch.mjs'));
