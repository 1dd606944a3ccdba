import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { openDatabase } from '../../server/db/open';
import type { Db } from '../../server/db/types';
import { commitBatch } from '../../server/mail/store';
import { copyFolder } from '../support/copy-folder';
import { expect, test } from './support/fixtures';
import { scratchDir, startServer, templateDir, type RunningServer } from './support/server';
import { seedToken, withDemoSessions } from './support/sign-in';

// A mailbox's sync as the mailboxes table tells it: loading with its progress, then active once
// its history is in (committed through the store's own path, as a worker would), and a failing
// one with its reason. The server runs on PGlite, one process per folder, so the test stops it
// to change the data and starts it again.

const MIA = 'mia.kowalski@acme.example';
const EMMA = 'emma.novak@acme.example';
const REASON = 'Google refused access to this mailbox: the domain-wide delegation was revoked.';

async function withDb<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Mia's history 42 of 100 messages in. */
const loadingPartWay = (dataDir: string) =>
  withDb(dataDir, (db) =>
    db.query(
      `update mailbox_sync s set progress_done = 42, progress_total = 100
         from mailboxes m
        where m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id and m.email = $1`,
      [MIA],
    ),
  );

/** A worker's last batch of Mia's history, committed under its lease. */
const historyIn = (dataDir: string) =>
  withDb(dataDir, async (db) => {
    const [row] = await db.query<{ workspace_id: number; mailbox_id: number }>(
      `update mailbox_sync s set lease_owner = 'browser-test',
              lease_expires_at = now() + interval '1 minute'
         from mailboxes m
        where m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id and m.email = $1
       returning s.workspace_id, s.mailbox_id`,
      [MIA],
    );
    if (!row) throw new Error(`no sync row for ${MIA}`);
    const target = {
      workspaceId: row.workspace_id,
      mailboxId: row.mailbox_id,
      email: MIA,
      leaseOwner: 'browser-test',
    };
    const batch = {
      messages: [],
      cursor: { until: Date.now() },
      historyLoaded: true,
      progress: { done: 100, total: 100 },
    };
    await db.transaction((tx) => commitBatch(tx, target, batch));
  });

/** The mailboxes tab as the demo admin on a server just started. */
async function openTab(browser: Browser, server: RunningServer): Promise<Page> {
  const token = await withDemoSessions(server).token('admin');
  const context = await browser.newContext();
  await seedToken(context, server.url, token);
  const page = await context.newPage();
  await page.goto(`${server.url}/settings/mailboxes`);
  return page;
}

const row = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Mailboxes' }).locator('tbody tr').filter({ hasText: email });

test('a loading mailbox shows its progress, then Active; a failing one its reason', async ({
  browser,
}) => {
  // Two server starts and two openings of the folder; slow on a loaded machine.
  test.setTimeout(150_000);
  const dataDir = resolve(scratchDir, `mailbox-sync-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await copyFolder(templateDir, dataDir);
  let server: RunningServer | undefined;
  try {
    await loadingPartWay(dataDir);
    server = await startServer(dataDir);
    const page = await openTab(browser, server);
    await expect(row(page, MIA).getByRole('cell').nth(5)).toHaveText('Loading data 42%');
    const emma = row(page, EMMA).getByRole('cell').nth(5);
    await expect(emma.getByText('Error', { exact: true })).toBeVisible();
    await expect(emma.getByText(REASON)).toBeVisible();
    await page.context().close();
    expect(await server.stop()).toBe(true);
    server = undefined;

    await historyIn(dataDir);
    server = await startServer(dataDir);
    const later = await openTab(browser, server);
    await expect(row(later, MIA).getByRole('cell').nth(5)).toHaveText('Active');
    await later.context().close();
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
