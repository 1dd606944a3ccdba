import type { Page } from '@playwright/test';
import { openDatabase } from '../../server/db/open';
import { rebuildWorkspaceStats } from '../../server/stats/rebuild';
import { expect, test as base } from './support/fixtures';
import { ACME } from './support/operator-cli';
import { startFreshServer, templateDir } from './support/server';
import { seedToken, withDemoSessions, type Role } from './support/sign-in';

// The team's conversation on the dashboard (docs/statistics.md, definitions 2 and 6): Carla
// writes To sales@, Cc Vera's own mailbox; Liam answers from his own mailbox, copying neither.
// The admin, Max (a manager granted only sales@ here) and Vera, whose request it also was, each
// see it received and replied, nobody awaiting, and nothing in the unreplied list: on a copy of
// the demo data holding only this conversation.

const at = (local: string) => `${local}@acme.example`;
const DAY = 86_400_000;

async function makeConversation(dataDir: string) {
  const db = await openDatabase({ dataDir });
  const workspace = Number(ACME);
  // Two days ago, 09:00 and 10:30 UTC: inside the dashboard's default range.
  const day = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY);
  const asked = new Date(day.getTime() + 9 * 3_600_000).toISOString();
  const answered = new Date(day.getTime() + 10.5 * 3_600_000).toISOString();
  try {
    await db.transaction(async (tx) => {
      await tx.query(`delete from messages where workspace_id = $1`, [workspace]);
      await tx.query(`delete from manager_teams where workspace_id = $1`, [workspace]);
      await tx.query(`delete from manager_mailboxes where workspace_id = $1`, [workspace]);
      await tx.query(
        `insert into manager_mailboxes (workspace_id, user_id, mailbox_id)
         select $1, u.user_id, m.mailbox_id from users u, mailboxes m
          where u.workspace_id = $1 and u.email = $2 and m.workspace_id = $1 and m.email = $3`,
        [workspace, at('max.manager'), at('sales')],
      );
      const insert = `insert into messages (workspace_id, mailbox_id, provider_id, thread_key,
          direction, sent_at, folder, from_address, to_addresses, cc_addresses, subject,
          message_id_header, in_reply_to)
        select $1, mailbox_id, $3, $3, $4, $5, $6, $7, $8, $9, 'Order 4711', $10, $11
          from mailboxes where workspace_id = $1 and email = $2`;
      const question = ['carla@client.example', [at('sales')], [at('vera.viewer')]];
      for (const holder of ['sales', 'vera.viewer']) {
        await tx.query(insert, [
          workspace,
          at(holder),
          `q-${holder}`,
          'inbound',
          asked,
          'INBOX',
          ...question,
          '<q4711@client.example>',
          null,
        ]);
      }
      await tx.query(insert, [
        workspace,
        at('liam.ortiz'),
        'a-liam',
        'outbound',
        answered,
        'Sent',
        at('liam.ortiz'),
        ['carla@client.example'],
        [],
        '<a4711@acme.example>',
        '<q4711@client.example>',
      ]);
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
        await startFreshServer(`team-${testInfo.testId}`, templateDir, {
          prepare: makeConversation,
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
});

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name, exact: true }).locator('.kpi-value');

test('a request answered from another mailbox shows replied for the admin, the manager and the viewer', async ({
  browser,
  app,
}) => {
  // Liam's answer is sent from a mailbox only the admin may see.
  const sent: Record<Role, string> = { admin: '1', manager: '0', viewer: '0' };
  for (const role of ['admin', 'manager', 'viewer'] as Role[]) {
    const context = await browser.newContext();
    await seedToken(context, app.url, await app.token(role));
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await expect(tile(page, 'Received'), role).toHaveText('1');
    await expect(tile(page, 'Unreplied'), role).toHaveText('0');
    await expect(tile(page, 'Awaiting reply'), role).toHaveText('0');
    await expect(tile(page, 'Sent'), role).toHaveText(sent[role]);
    await context.close();
  }
});
