import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { stripMachineDocs } from './scripts/vite/strip-machine-docs';

// `@/…` is src/ and `@common/…` common/ (tsconfig.json `paths` says the same to the compiler).
const alias = {
  '@/': new URL('./src/', import.meta.url).pathname,
  '@common/': new URL('./common/', import.meta.url).pathname,
};

// Vitest's 5 s default is too tight on a shared 2-core machine under load; no unit test waits
// for real time, so this only keeps a slow scheduler from failing a correct test.
const UNIT_TIMEOUT_MS = 15_000;

// The package version, shown in the side panel's footer (src/config.ts APP_VERSION); /healthz
// reports the same one.
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  // The router plugin must run before react(), or the build fails.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    stripMachineDocs(),
  ],
  resolve: { alias },
  define: { __MAILPULSE_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: {
      '/portal': { target: apiTarget, ws: true },
      '/healthz': apiTarget,
    },
  },
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    // Every page load runs the bootstrap (`src/main.tsx`: error reporting, the API client) with
    // React, then either the login page's own host or the router app, both on XState
    // (docs/architecture.md). React, XState and the router are one chunk each, whatever page
    // first needs them: one file gzips smaller than the common chunks Rolldown would otherwise
    // cut from them. Pages stay split per route (autoCodeSplitting).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'xstate',
              test: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/,
              priority: 1,
            },
            {
              name: 'router',
              // All but its search parser, with which the login page's own host reads its
              // parameters as the router would; not the router's dependencies either (React).
              test: /node_modules[\\/]@tanstack[\\/](?!router-core[\\/]dist[\\/]esm[\\/](searchParams|qss)\.js)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default for `run` is one worker per core but one; on a 2-core machine that is a
    // single worker, idle while a test waits for a child process, a socket or a timer.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          // Screens: each file gets a fresh module graph, since the router, the session and the
          // stores are module state a rendered app changes.
          name: 'unit',
          environment: 'jsdom',
          // A thread per file, not a process: the same fresh module graph, a fifth less CPU.
          pool: 'threads',
          include: ['test/unit/**/*.test.tsx'],
          setupFiles: ['test/unit/setup.ts'],
          testTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          // Machines and plain logic hold no module state between files, so the files of a
          // worker share one jsdom and one module graph (isolate: false): setting both up per
          // file cost more than the tests. A test that needs fresh module state is a `.tsx`
          // screen test, or belongs beside them.
          name: 'logic',
          environment: 'jsdom',
          pool: 'threads',
          include: ['test/unit/**/*.test.ts', 'test/machines/**/*.test.ts'],
          setupFiles: ['test/unit/setup.ts'],
          isolate: false,
          testTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // Tests of several processes on one database need a real PostgreSQL server.
          exclude: [
            ...configDefaults.exclude,
            // A `.postgres` file needs PostgreSQL; a `.pglite` one tests the embedded database's
            // own folder whatever TEST_DB says, or what no database changes (the release's
            // packaging), so it runs once, in the PGlite run.
            ...(process.env.TEST_DB === 'postgres'
              ? ['test/server/**/*.pglite.test.ts']
              : ['test/server/**/*.postgres.test.ts']),
          ],
          globalSetup: ['test/server/support/global-setup.ts'],
          setupFiles: ['test/server/support/setup.ts'],
          // Each file builds its own app on its own database, and server modules keep no state
          // across apps (what they cache is keyed by the Db), so the files of a worker share its
          // imports instead of loading the server, Fastify, Ajv and PGlite again per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
