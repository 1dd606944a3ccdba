// The server's esbuild bundle, shared by `npm run build` (scripts/build-server.ts, into
// dist/server/) and the server tests' global set-up (once per run into .tmp/, so the processes
// the tests start load one plain JavaScript file instead of compiling TypeScript through tsx).
// Each entry becomes one file, with chunks for the code entries share and for what the server
// loads only when needed (the packages stay imports, installed by `npm ci --omit=dev`), and
// beside them server/production-mode.ts (see below), the files the server reads at run time
// (server/runtime-files.ts) and the Node version check that starts them (server/launch.mjs).
// It fails when the server imports a package that is not a production dependency, which
// `npm ci --omit=dev` would leave out.
import { build, type Plugin } from 'esbuild';
import { parse } from 'yaml';
import { builtinModules } from 'node:module';
import { copyFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

const ENTRIES: Record<string, string> = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  cli: 'server/cli.ts',
  'pglite-thread': 'server/db/pglite-thread.ts',
};

// server/production-mode.ts sets NODE_ENV's production default, which React reads once, when it
// is first loaded. A bundle's package imports are evaluated before any of its own code, so the
// module stays a file of its own beside the entries, and a banner imports it ahead of every
// package; the entries' own imports of it resolve to that one module.
const PRODUCTION_MODE = './production-mode.js';
const productionModeFirst: Plugin = {
  name: 'production-mode-first',
  setup(onBuild) {
    onBuild.onResolve({ filter: /\/production-mode$/ }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: PRODUCTION_MODE, external: true },
    );
  },
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
  return [
    ...new Set([...imports].filter((path) => path !== PRODUCTION_MODE).map(packageOf)),
  ].filter(
    (name) => !name.startsWith('node:') && !builtins.has(name) && !(name in manifest.dependencies),
  );
}

/**
 * Bundles the server entries, and `extraEntries` (name → file, e.g. a test's child process),
 * into `out`, which must sit two folders below the repository (dist/server, .tmp/<name>) for
 * server/runtime-files.ts to find package.json. Throws when an import is not a production
 * dependency.
 */
export async function bundleServer(
  out: string,
  extraEntries: Record<string, string> = {},
): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const common = {
    absWorkingDir: ROOT,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // What the server loads only when it needs it (the report template and React) stays out of
    // a start: a chunk of its own, beside the entries, as are modules the entries share.
    splitting: true,
    sourcemap: true,
    logLevel: 'warning',
  } as const;
  await build({
    ...common,
    entryPoints: [{ in: 'server/production-mode.ts', out: 'production-mode' }],
  });
  const { metafile } = await build({
    ...common,
    entryPoints: Object.entries({ ...ENTRIES, ...extraEntries }).map(([name, file]) => ({
      in: file,
      out: name,
    })),
    banner: { js: `import '${PRODUCTION_MODE}';` },
    plugins: [productionModeFirst],
    metafile: true,
  });
  const external = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external).map((entry) => entry.path),
  );
  const missing = notProductionDependencies(external);
  if (missing.length > 0) {
    throw new Error(
      `The server imports ${missing.join(', ')} at run time: move it to package.json's dependencies.`,
    );
  }
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(out, 'migrations'), {
    recursive: true,
  });
  // The contract as JSON, which the server reads without a YAML parser (server/contract/spec.ts).
  const contract = parse(readFileSync(path.join(ROOT, 'openapi/portal.yaml'), 'utf8')) as unknown;
  writeFileSync(path.join(out, 'portal.json'), JSON.stringify(contract));
  copyFileSync(path.join(ROOT, 'server/launch.mjs'), path.join(out, 'launch.mjs'));
}
