/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// `@/…` is src/ and `@common/…` common/ (tsconfig.json `paths` says the same to the compiler).
const alias = {
  '@/': new URL('./src/', import.meta.url).pathname,
  '@common/': new URL('./common/', import.meta.url).pathname,
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
  ],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: {
      '/portal': { target: apiTarget, ws: true },
      '/healthz': apiTarget,
    },
  },
  build: { outDir: 'dist/client', sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/machines/**/*.test.ts'],
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/server/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
