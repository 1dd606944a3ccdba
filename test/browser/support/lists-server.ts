/**
 * The mailboxes, users and teams specs change the demo data (they add, edit and remove), so each
 * of their tests that changes it gets a server of its own on a fresh copy of the template,
 * optionally changed first with operator CLI commands (limits, read-only features). The worker's
 * shared server is never touched, so no other spec sees these changes. Their tests that only read
 * share the worker's untouched server instead (`untouchedTest`): a server start costs more than
 * most of these tests.
 */
import { test as base } from './fixtures';
import { ACME, runCli } from './operator-cli';
import { startFreshServer, templateDir } from './server';
import { withDemoSessions } from './sign-in';

interface ListsFixtures {
  /** `npm run cli` argument lists run on the test's data before its server starts. */
  operatorCommands: string[][];
}

export const listsTest = base.extend<ListsFixtures>({
  operatorCommands: [[], { option: true }],
  app: [
    async ({ operatorCommands }, provide, testInfo) => {
      const prepare =
        operatorCommands.length > 0
          ? async (dataDir: string) => {
              await runCli(dataDir, operatorCommands);
            }
          : undefined;
      const server = withDemoSessions(
        await startFreshServer(`lists-${testInfo.testId}`, templateDir, { prepare }),
      );
      try {
        await provide(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'test', timeout: 60_000 },
  ],
  signedInAs: 'admin',
});

/** A lists test that changes nothing on the server: the worker's untouched seeded data. */
export const untouchedTest = base.extend({
  app: async ({ untouchedServer }, provide) => {
    await provide(untouchedServer);
  },
  signedInAs: 'admin',
});

export const setLimits = (flags: { mailboxes?: number; users?: number }) => [
  'limits:set',
  '--workspace',
  ACME,
  ...(flags.mailboxes === undefined ? [] : ['--max-mailboxes', String(flags.mailboxes)]),
  ...(flags.users === undefined ? [] : ['--max-users', String(flags.users)]),
];

export { featureSet } from './operator-cli';
