import { test as base, expect } from '@playwright/test';
import { startFreshServer, type RunningServer } from './server';

interface WorkerFixtures {
  /** The real server on this worker's own copy of the seeded demo database. */
  server: RunningServer;
}

export const test = base.extend<Record<never, never>, WorkerFixtures>({
  server: [
    // Named `provide`, not Playwright's usual `use`, which the React hooks lint rule claims.
    async ({}, provide, workerInfo) => {
      const server = await startFreshServer(`worker-${workerInfo.workerIndex}`);
      try {
        await provide(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // page.goto('/login') and request.get('/healthz') resolve against this worker's server.
  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },
});

export { expect };
