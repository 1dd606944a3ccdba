/**
 * A bench database: one workspace whose mailboxes hold `messages` messages of the demo generator
 * over the two years up to BENCH_END, loaded with insertDemoMail (one INSERT … SELECT per chunk).
 * PostgreSQL when `adminUrl` names a server whose user may create databases, else PGlite.
 *
 *   const bench = await openBenchWorkspace(1_000_000, { adminUrl, keep: true });
 *   bench.db, bench.workspaceId, bench.mailboxIds
 *   await bench.close();
 *
 * With `keep`, the database gets a fixed name (`mailpulse_bench_<messages>`, or the folder
 * `.tmp/bench-<messages>`) and is kept after close; the next run reuses it when present. It is
 * built under a temporary name and renamed when complete, so a killed build is never reused.
 * Without `keep`, a scratch database is built and dropped on close.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import { DEMO_TIMEZONE } from '../server/mail/demo/connector';
import { countDemoMail, dayStart, generateDemoMail } from '../server/mail/demo/generator';
import { insertDemoMail } from '../server/mail/demo/insert';
import { replaceCompanyHours } from '../server/repos/business-hours';
import { createWorkspace } from '../server/repos/workspaces';

/** The day the bench's mail ends (excluded), so every run sees the same mail. */
export const BENCH_END = '2026-11-23';
const HISTORY_DAYS = 730;
/** The workspace's domain and the generator's seed, from which the senders follow (buildWorld). */
export const BENCH_DOMAIN = 'bench.example';
export const BENCH_SEED = 20_261_123;

export interface BenchWorkspace {
  db: Db;
  kind: 'pglite' | 'postgres';
  workspaceId: number;
  /** Every mailbox of the workspace, in address order. */
  mailboxIds: number[];
  /** PostgreSQL's database, for another process to open (PGlite's folder admits one). */
  databaseUrl?: string;
  /** Closes the database (and drops it unless kept). */
  close(): Promise<void>;
}

export interface BenchOptions {
  /** A PostgreSQL URL whose user may create databases; PGlite when unset. */
  adminUrl?: string;
  /** Keep the database after close and reuse it when present. */
  keep?: boolean;
}

const mailOptions = { seed: BENCH_SEED, workspaceDomains: [BENCH_DOMAIN], timezone: DEMO_TIMEZONE };
const range = { from: dayStart(BENCH_END) - HISTORY_DAYS * 86_400_000, to: dayStart(BENCH_END) };
const address = (i: number) => `desk${String(i).padStart(3, '0')}@${BENCH_DOMAIN}`;

/** As many mailboxes as `messages` needs (the last one takes the rest of the count). */
function mailboxesFor(messages: number): string[] {
  const addresses: string[] = [];
  for (let total = 0; total < messages;) {
    addresses.push(address(addresses.length + 1));
    total += countDemoMail(mailOptions, addresses.slice(-1), range);
  }
  return addresses;
}

function* firstOf<T>(items: Iterable<T>, count: number): Generator<T> {
  let n = 0;
  for (const item of items) {
    if (n >= count) return;
    n += 1;
    yield item;
  }
}

/** The workspace (the generator's hours: Mon–Fri 09:00–18:00 Madrid) and its mail. */
async function fill(db: Db, messages: number): Promise<void> {
  const addresses = mailboxesFor(messages);
  await db.transaction(async (tx) => {
    const { workspace_id: id } = await createWorkspace(tx, {
      client_name: 'Stats bench',
      allowed_domains: [BENCH_DOMAIN],
      provider: 'G',
      max_mailboxes: Math.max(addresses.length, 1),
      max_users: 5,
      max_alerts: 50,
    });
    const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
    await replaceCompanyHours(tx, id, {
      timezone: DEMO_TIMEZONE,
      business_hours: weekdays.map((weekday) => ({
        weekday,
        start_time: '09:00:00',
        end_time: '18:00:00',
      })),
    });
    const boxes = await tx.query<{ mailbox_id: number; email: string }>(
      `insert into mailboxes (workspace_id, email, full_name, status)
       select $1, e, initcap(split_part(e, '@', 1)), 'working' from unnest($2::text[]) e
       returning mailbox_id, email`,
      [id, addresses],
    );
    const mail = firstOf(generateDemoMail(mailOptions, addresses, range), messages);
    const boxList = boxes.map((box) => ({ mailboxId: box.mailbox_id, email: box.email }));
    await insertDemoMail(tx, id, boxList, mail, 10_000);
  });
  await db.query('analyze');
}

async function opened(
  db: Db,
  kind: BenchWorkspace['kind'],
  close: () => Promise<void>,
  databaseUrl?: string,
): Promise<BenchWorkspace> {
  const [ws] = await db.query<{ workspace_id: number }>(
    `select workspace_id from workspaces where client_name = 'Stats bench'`,
  );
  if (!ws) throw new Error('the bench database holds no bench workspace');
  const boxes = await db.query<{ mailbox_id: number }>(
    `select mailbox_id from mailboxes where workspace_id = $1 order by email`,
    [ws.workspace_id],
  );
  const mailboxIds = boxes.map((box) => box.mailbox_id);
  return {
    db,
    kind,
    workspaceId: ws.workspace_id,
    mailboxIds,
    close,
    ...(databaseUrl ? { databaseUrl } : {}),
  };
}

async function build(options: { databaseUrl?: string; dataDir: string }, messages: number) {
  const db = await openDatabase(options);
  try {
    await migrate(db);
    await fill(db, messages);
  } finally {
    await db.close();
  }
}

/** One statement on the server `adminUrl` names (create or drop a database); its row count. */
export async function adminQuery(adminUrl: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

export const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function openPostgresBench(adminUrl: string, messages: number, keep: boolean) {
  // BENCH_DB_SUFFIX keeps a copy apart (a branch whose migrations the shared copy lacks).
  const name = keep
    ? `mailpulse_bench_${messages}${process.env.BENCH_DB_SUFFIX ?? ''}`
    : `mailpulse_bench_${randomBytes(4).toString('hex')}`;
  const present = keep
    ? await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`)
    : 0;
  if (!present) {
    const building = `${name}_building`;
    await adminQuery(adminUrl, `drop database if exists ${building}`);
    await adminQuery(adminUrl, `create database ${building}`);
    await build({ databaseUrl: urlOf(adminUrl, building), dataDir: '' }, messages);
    await adminQuery(adminUrl, `alter database ${building} rename to ${name}`);
  }
  const databaseUrl = urlOf(adminUrl, name);
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  await migrate(db);
  const close = async () => {
    await db.close();
    if (!keep) await adminQuery(adminUrl, `drop database ${name}`);
  };
  return opened(db, 'postgres', close, databaseUrl);
}

async function openPgliteBench(messages: number, keep: boolean) {
  const base = resolve(
    '.tmp',
    keep ? `bench-${messages}` : `bench-${randomBytes(4).toString('hex')}`,
  );
  const present =
    keep &&
    (await access(base).then(
      () => true,
      () => false,
    ));
  if (!present) {
    const building = `${base}.building`;
    await rm(building, { recursive: true, force: true });
    await mkdir(building, { recursive: true });
    await build({ dataDir: building }, messages);
    await rename(building, base);
  }
  const db = await openDatabase({ dataDir: base });
  await migrate(db);
  return opened(db, 'pglite', async () => {
    await db.close();
    if (!keep) await rm(base, { recursive: true, force: true });
  });
}

/** A ready database of `messages` demo messages in one workspace (see the top of this file). */
export async function openBenchWorkspace(
  messages: number,
  options: BenchOptions = {},
): Promise<BenchWorkspace> {
  const keep = options.keep ?? false;
  return options.adminUrl
    ? openPostgresBench(options.adminUrl, messages, keep)
    : openPgliteBench(messages, keep);
}
