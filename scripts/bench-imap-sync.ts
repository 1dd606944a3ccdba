/**
 * The IMAP sync figure of `npm run bench`, in its own process so the peak memory is the sync's:
 * 10,000 messages put into a real Dovecot, then synced into a fresh PGlite database by the worker
 * code (headers only, batches with their cursor). Prints figures; never fails on a budget.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { syncDueMailboxes } from '../server/mail/sync-worker';
import { startDovecot } from '../test/support/dovecot';
import { createTestWorkspace } from '../test/server/support/app';
import {
  addSyncedMailbox,
  message,
  readFromDovecot,
  workerDeps,
} from '../test/server/support/mail-sync';

const COUNT = 10_000;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const dovecot = await startDovecot();
const dataDir = await mkdtemp(join(tmpdir(), 'mailpulse-bench-imap-'));
const db = await openDatabase({ dataDir });
try {
  await migrate(db);
  const email = 'support@bench.example';
  await dovecot.addUser(email);
  const messages = Array.from({ length: COUNT }, (_, i) =>
    message({
      from: `Customer ${i % 500} <c${i % 500}@customer.example>`,
      to: email,
      subject: `Order ${i}`,
      date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }),
  );
  const appendStarted = Date.now();
  await dovecot.appendBulk(email, 'INBOX', messages);
  console.log(`put ${COUNT} messages into Dovecot in ${seconds(Date.now() - appendStarted)} s`);
  const ws = await createTestWorkspace(db, { domain: 'bench.example' });
  await readFromDovecot(db, ws.workspaceId, dovecot);
  await addSyncedMailbox(db, ws.workspaceId, email, '2026-01-01');
  const started = Date.now();
  const outcomes = await syncDueMailboxes(workerDeps(db), new AbortController().signal, {
    workspaceId: ws.workspaceId,
  });
  const elapsed = Date.now() - started;
  const [stored] = await db.query<{ n: number }>(
    'select count(*)::int as n from messages where workspace_id = $1',
    [ws.workspaceId],
  );
  if (!outcomes.every((o) => o.ok)) console.log('sync failed:', JSON.stringify(outcomes));
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `IMAP sync of ${stored?.n ?? 0} messages from Dovecot: ${seconds(elapsed)} s ` +
      `(budget 30 s, aim under 10 s); peak memory of the process ${peakMb.toFixed(0)} MB ` +
      '(PGlite included)',
  );
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  await dovecot.close();
}
