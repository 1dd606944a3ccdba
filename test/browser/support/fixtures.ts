import { test as base, expect, type WorkerFixture } from '@playwright/test';
import {
  startDefaultServer,
  startDemoOffServer,
  startLookerServer,
  startNoDashboardServer,
  startRestrictedServer,
  startSignInServer,
  startSupersetServer,
  type SignInTestServer,
  type SupersetTestServer,
} from './servers';
import type { RunningServer } from './server';
import { startReadOnlySettingsServer, startSettingsOffServer } from './settings-servers';
import { seedToken, type Role, type TestServer } from './sign-in';

interface TestFixtures {
  /**
   * The server this test's pages and requests go to: the worker's default server unless the
   * spec overrides it with one of the variants, e.g.
   * `test.extend({ app: async ({ lookerServer }, provide) => provide(lookerServer) })`.
   */
  app: TestServer;
  /** Option: start every page signed in as this role's demo user (token in local storage). */
  signedInAs: Role | undefined;
}

// Every server is worker-scoped and starts on first use, so a worker starts only the variants
// its specs need. All of them are declared here, in one fixture set: a spec that declared its
// own worker fixtures would get workers of its own, each starting yet another default server.
interface WorkerFixtures {
  /** The real server on this worker's own copy of the seeded demo database. */
  server: TestServer;
  /**
   * The seeded demo data, which no test changes: for tests that only read what a changing test
   * would otherwise need a fresh server for (see `untouchedTest` in lists-server.ts).
   */
  untouchedServer: TestServer;
  /** `users` and `alerts` off, `teams` read-only. */
  restrictedServer: TestServer;
  /** The dashboard is a Looker Studio report. */
  lookerServer: TestServer;
  /** No dashboard platform: the ready-soon page. */
  noDashboardServer: TestServer;
  /** The dashboard is embedded from a stand-in Superset. */
  supersetServer: SupersetTestServer;
  /** Google and Microsoft sign-in through a local OpenID provider, demo links too. */
  signInServer: SignInTestServer;
  /** `business_hours`, `metric_adjustments`, `contact_groups` and `alerts` read-only. */
  readOnlySettingsServer: TestServer;
  /** `business_hours`, `metric_adjustments`, `contact_groups` and `alerts` off. */
  settingsOffServer: TestServer;
  /** Demo sign-in off and no provider configured. */
  demoOffServer: TestServer;
}

/** A worker fixture that starts a server on first use and stops it when the worker ends. */
function serverFixture<S extends RunningServer>(
  startServer: (name: string) => Promise<S>,
): [WorkerFixture<S, object>, { scope: 'worker'; timeout: number }] {
  return [
    // Named `provide`, not Playwright's usual `use`, which the React hooks lint rule claims.
    async ({}, provide, workerInfo) => {
      const server = await startServer(`worker-${workerInfo.workerIndex}`);
      try {
        await provide(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: serverFixture(startDefaultServer),
  untouchedServer: serverFixture((name) => startDefaultServer(`${name}-untouched`)),
  restrictedServer: serverFixture(startRestrictedServer),
  lookerServer: serverFixture(startLookerServer),
  noDashboardServer: serverFixture(startNoDashboardServer),
  supersetServer: serverFixture(startSupersetServer),
  signInServer: serverFixture(startSignInServer),
  readOnlySettingsServer: serverFixture(startReadOnlySettingsServer),
  settingsOffServer: serverFixture(startSettingsOffServer),
  demoOffServer: serverFixture(startDemoOffServer),
  app: async ({ server }, provide) => {
    await provide(server);
  },
  signedInAs: [undefined, { option: true }],
  // page.goto('/login') and request.get('/healthz') resolve against the test's server.
  baseURL: async ({ app }, provide) => {
    await provide(app.url);
  },
  context: async ({ context, app, signedInAs }, provide) => {
    if (signedInAs) await seedToken(context, app.url, await app.token(signedInAs));
    await provide(context);
  },
});

export { expect };
