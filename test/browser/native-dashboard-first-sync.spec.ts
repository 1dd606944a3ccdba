import { openDatabase } from '../../server/db/open';
import { rebuildWorkspaceStats } from '../../server/stats/rebuild';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test as base } from './support/fixtures';
import { ACME } from './support/operator-cli';
import { startFreshServer, templateDir } from './support/server';
import { withDemoSessions } from './support/sign-in';

// The native dashboard with no mail yet: the first sync is running. The shared server's
// mailboxes are changed by other specs, so this spec has a server of its own, on a copy of the
// demo data where Acme has just connected its mailboxes: no mail stored, every mailbox loading,
// Sales 42% through its history and the others not yet counted.

/** Acme as right after connecting its mailboxes, with its statistics rebuilt on no mail. */
async function makeFirstSync(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    const workspace = Number(ACME);
    await db.transaction(async (tx) => {
      await tx.query(`delete from messages where workspace_id = $1`, [workspace]);
      await tx.query(`update mailboxes set status = 'loading_data' where workspace_id = $1`, [
        workspace,
      ]);
      await tx.query(
        `update mailbox_sync s
            set cursor = null, history_loaded = false, last_error = null, last_synced_at = null,
                progress_done = case when m.email = 'sales@acme.example' then 420 else 0 end,
                progress_total = case when m.email = 'sales@acme.example' then 1000 end
           from mailboxes m
          where s.workspace_id = $1 and m.workspace_id = $1 and m.mailbox_id = s.mailbox_id`,
        [workspace],
      );
    });
    await rebuildWorkspaceStats(db, workspace);
  } finally {
    await db.close();
  }
}

const test = base.extend({
  app: [
    async ({}, provide, testInfo) => {
      const server = withDemoSessions(
        await startFreshServer(`first-sync-${testInfo.testId}`, templateDir, {
          prepare: makeFirstSync,
        }),
      );
      try {
        await provide(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'test', timeout: 90_000 },
  ],
  signedInAs: 'admin',
});

test('with no mail yet, the dashboard says the first sync is running and how far it is', async ({
  page,
}) => {
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'The first sync is running' });
  await expect(panel).toContainText('Your figures appear here as the mail arrives.');
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(12);
  await expect(items.filter({ hasText: 'Sales' })).toHaveText(/^Sales\s*42%$/);
  await expect(items.filter({ hasText: 'Support' })).toHaveText(/^Support\s*Starting$/);
  await expect(
    page.getByRole('group', { name: 'Received', exact: true }).locator('.kpi-value'),
  ).toHaveText('No data');

  await expectNoSeriousViolations(page);
});
