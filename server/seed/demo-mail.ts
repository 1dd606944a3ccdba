import type { Queryable } from '../db/types';
import { DEMO_TIMEZONE } from '../mail/demo/connector';
import { dayStart, generateDemoMail, type DemoMailOptions } from '../mail/demo/generator';
import { insertDemoMail } from '../mail/demo/insert';
import type { DemoMessage } from '../mail/demo/threads';
import { sql } from '../db/sql';
import { MAIL_READ_VERSION } from '../domain/mail-read-version';

// The demo workspace's mail account and sync rows, with its history loaded straight from the
// generator so the dashboard has data right after the first start, without waiting for a worker.
// Each cursor is left where the loaded mail ends, so the worker's demo connector continues there.

/** The seed of the demo workspace's mail (stored in its mail account's settings). */
export const DEMO_MAIL_SEED = 20_261_124;

/** How a seeded mailbox's sync stands: loaded, part-way (a share of its history), or failing. */
export type SeedSync =
  | { kind: 'loaded' }
  | { kind: 'loading'; share: number }
  | { kind: 'failing'; error: string; lagDays: number };

export interface SeedMailbox {
  mailboxId: number;
  email: string;
  dataFrom: string;
  sync: SeedSync;
}

const DAY = 86_400_000;

interface SyncRow {
  mailbox_id: number;
  cursor: { until: number; history?: boolean } | null;
  history_loaded: boolean;
  progress_done: number;
  progress_total: number | null;
  last_error: string | null;
  next_run_at: string;
  last_synced_at: string | null;
  attempts: number;
}

/** One mailbox's mail up to where its seeded sync stands, and its sync row. */
function loadMailbox(
  options: DemoMailOptions,
  mailbox: SeedMailbox,
  now: number,
): { row: SyncRow; loaded: DemoMessage[] } {
  const from = dayStart(mailbox.dataFrom);
  const all = [...generateDemoMail(options, [mailbox.email], { from, to: now })];
  const { sync } = mailbox;
  const upTo =
    sync.kind === 'loaded' ? now : sync.kind === 'failing' ? now - sync.lagDays * DAY : null;
  const loaded =
    sync.kind === 'loading'
      ? all.slice(0, Math.floor(all.length * sync.share))
      : all.filter((m) => m.sentAt < (upTo ?? now));
  // Part-way: the cursor sits just after the last loaded message, as a batch boundary would.
  const until = upTo ?? (loaded.length > 0 ? (loaded.at(-1)?.sentAt ?? from) + 1 : null);
  const iso = (ms: number) => new Date(ms).toISOString();
  const row = {
    mailbox_id: mailbox.mailboxId,
    // The demo connector's cursor: `history` once the history is in (see server/mail/demo/connector.ts).
    cursor: until === null ? null : sync.kind === 'loading' ? { until } : { until, history: true },
    history_loaded: sync.kind !== 'loading',
    progress_done: loaded.length,
    progress_total: sync.kind === 'loading' ? all.length : loaded.length,
    last_error: sync.kind === 'failing' ? sync.error : null,
    next_run_at: iso(sync.kind === 'failing' ? now + 3_600_000 : now),
    last_synced_at: until === null ? null : iso(until),
    attempts: sync.kind === 'failing' ? 3 : 0,
  };
  return { row, loaded };
}

/** Writes the demo mail account, each mailbox's sync row and the mail loaded so far. */
export async function seedDemoMail(
  tx: Queryable,
  workspaceId: number,
  domains: readonly string[],
  mailboxes: readonly SeedMailbox[],
  now: Date,
): Promise<void> {
  const settings = { seed: DEMO_MAIL_SEED, timezone: DEMO_TIMEZONE };
  await tx.query(
    sql`insert into mail_accounts (workspace_id, provider, settings) values (${workspaceId}, 'demo', ${JSON.stringify(settings)}::jsonb)`,
  );
  const options = { ...settings, workspaceDomains: domains };
  const loads = mailboxes.map((mailbox) => loadMailbox(options, mailbox, now.getTime()));
  // All mailboxes' mail in as few statements as the chunk size allows.
  await insertDemoMail(
    tx,
    workspaceId,
    mailboxes,
    loads.flatMap((load) => load.loaded),
  );
  const rows = loads.map((load) => load.row);
  // The generator writes what this version's sync would store: nothing to read again.
  await tx.query(sql`insert into mailbox_sync (workspace_id, mailbox_id, cursor, history_loaded, progress_done,
       progress_total, last_error, next_run_at, last_synced_at, attempts, read_version)
     select ${workspaceId}, r.mailbox_id, nullif(r.cursor, 'null'::jsonb), r.history_loaded,
       r.progress_done, r.progress_total,
       r.last_error, r.next_run_at, r.last_synced_at, r.attempts, ${MAIL_READ_VERSION}
       from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(mailbox_id int, cursor jsonb,
         history_loaded boolean, progress_done int, progress_total int, last_error text,
         next_run_at timestamptz, last_synced_at timestamptz, attempts int)`);
}
