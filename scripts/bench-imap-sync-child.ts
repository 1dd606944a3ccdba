/**
 * One sync of scripts/bench-imap-sync.ts, in a process of its own so that its peak memory is the
 * sync's: opens the copied database, points a workspace at the bench Dovecot, syncs the mailbox
 * with the worker code as the workers run it (each batch's threads refreshed in its
 * transaction), and prints its figures as one JSON line.
 */
import { openDatabase } from '../server/db/open';
import { syncDueMailboxes } from '../server/mail/sync-worker';
import { saveMailAccount } from '../server/repos/mail-accounts';
import { refreshThreadFacts } from '../server/stats/thread-facts';
import { createTestWorkspace } from '../test/server/support/app';
import { addSyncedMailbox, secrets, workerDeps } from '../test/server/support/mail-sync';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const email = env('BENCH_IMAP_EMAIL');
const db = await openDatabase({ dataDir: env('BENCH_IMAP_DATA_DIR') });
try {
  const ws = await createTestWorkspace(db, { domain: email.split('@')[1]! });
  await saveMailAccount(db, ws.workspaceId, {
    provider: 'imap',
    settings: {
      host: '127.0.0.1',
      port: Number(env('BENCH_IMAP_PORT')),
      tls: false,
      masterUser: env('BENCH_IMAP_MASTER'),
      masterLogin: 'separator',
      sentFolder: 'Sent',
    },
    secret: secrets.seal(env('BENCH_IMAP_PASSWORD'), {
      workspaceId: ws.workspaceId,
      provider: 'imap',
    }),
  });
  const mailboxId = await addSyncedMailbox(db, ws.workspaceId, email, env('BENCH_IMAP_DATA_FROM'));
  const openedMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const deps = workerDeps(db, {
    onThreadsChanged: (tx, workspaceId, mailbox, threads) =>
      refreshThreadFacts(tx, workspaceId, mailbox, [...threads]),
  });
  const [outcome] = await syncDueMailboxes(deps, new AbortController().signal, {
    workspaceId: ws.workspaceId,
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from messages where workspace_id = $1 and mailbox_id = $2',
    [ws.workspaceId, mailboxId],
  );
  console.log(
    JSON.stringify({
      count: Number(env('BENCH_IMAP_COUNT')),
      stored: row?.n ?? 0,
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      // maxRSS is in kilobytes: the process's high-water mark (VmHWM), PGlite included.
      peakMb: process.resourceUsage().maxRSS / 1024,
      openedMb,
      ...(outcome?.ok ? {} : { error: outcome?.error ?? 'nothing was synced' }),
    }),
  );
} finally {
  await db.close();
}
