/**
 * `audit:verify` over 1,000,000 entries for `npm run bench -- audit` (budget 30 s), on a
 * PostgreSQL database of its own on the BENCH_DATABASE_URL server. The entries are what verify
 * reads in production: each hashed by the append code's own `entryHash` and linked to the one
 * before, as a workspace's two years of settings writes, sign-ins and operator commands; they go
 * in 10,000 a statement (one INSERT … SELECT from unnest). Dropped after, unless BENCH_KEEP=1
 * keeps `mailpulse_bench_audit` for the next run.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { runAuditCommand } from '../server/cli/audit-commands';
import { GENESIS_HASH } from '../server/audit/canonical';
import { entryHash, type StoredEntry } from '../server/audit/entry';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { sql } from '../server/db/sql';
import type { Db } from '../server/db/types';
import { createWorkspace, type NewWorkspace } from '../server/repos/workspaces';
import { adminQuery, urlOf } from './bench-workspace';

export const loadAverage = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

/** The audit benches' workspace (here and in bench-audit.ts). */
export const AUDIT_BENCH_WORKSPACE: NewWorkspace = {
  client_name: 'Audit bench',
  allowed_domains: ['audit-bench.example'],
  provider: 'G',
  max_mailboxes: 5,
  max_users: 5,
  max_alerts: 5,
};

const ENTRIES = 1_000_000;
const BATCH = 10_000;
const KEPT = 'mailpulse_bench_audit';
const START = Date.parse('2024-11-23T00:00:00Z');
/** About two years of entries, one every 63 seconds. */
const STEP_MS = 63_000;

/** The i-th entry's content: a varied mix of what the log holds (docs/audit.md). */
function content(
  workspaceId: number,
  i: number,
): Omit<StoredEntry, 'seq' | 'at' | 'prevHash' | 'hash'> {
  const user = {
    kind: 'user' as const,
    userId: 1 + (i % 40),
    name: `user${i % 40}@audit-bench.example`,
  };
  const client = {
    address: `10.0.${i % 200}.${i % 250}`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  };
  const base = { workspaceId, actor: user, client };
  switch (i % 5) {
    case 0:
      return {
        ...base,
        operation: 'signIn',
        target: { type: 'session', id: String(i), name: user.name },
        before: {},
        after: { provider: 'google-oauth2' },
      };
    case 1:
      return {
        ...base,
        operation: 'updateTeam',
        target: { type: 'team', id: String(i % 300), name: `Team ${i % 300}` },
        before: { name: `Team ${i % 300}`, members: [`desk${i % 50}@audit-bench.example`] },
        after: {
          name: `Team ${i % 300} EMEA`,
          members: [`desk${i % 50}@audit-bench.example`, `desk${(i + 1) % 50}@audit-bench.example`],
        },
      };
    case 2:
      return {
        ...base,
        operation: 'setCompanyBusinessHours',
        target: { type: 'company_hours', id: String(workspaceId), name: 'Company hours' },
        before: {
          business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '17:00:00' }],
        },
        after: {
          business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '18:00:00' }],
        },
      };
    case 3:
      return {
        ...base,
        operation: 'updateAlert',
        target: { type: 'alert', id: String(i % 90), name: `VIP customers ${i % 90}` },
        before: { is_active: true, notify_webhook: '[secret]' },
        after: { is_active: false },
      };
    default:
      return {
        workspaceId,
        actor: { kind: 'cli', userId: null, name: 'ops' },
        client: { address: null, userAgent: null },
        operation: 'limits:set',
        target: { type: 'workspace', id: String(workspaceId), name: null },
        before: {},
        after: { limits: { max_users: 100 + (i % 7) } },
      };
  }
}

/** Inserts one batch of already hashed entries with one statement. */
async function insertBatch(db: Db, entries: StoredEntry[]): Promise<void> {
  const column = <T>(pick: (entry: StoredEntry) => T) => entries.map(pick);
  await db.query(sql`
    insert into audit_entries (workspace_id, seq, at, actor_kind, actor_user_id, actor_name,
                               client_address, user_agent, operation, target_type, target_id,
                               target_name, before, after, prev_hash, hash)
    select ${entries[0]!.workspaceId}, s, a::timestamptz, k, u, n, ad, ua, op, tt, ti, tn, b::jsonb, af::jsonb, p, h
      from unnest(${column((e) => e.seq)}::bigint[], ${column((e) => e.at)}::text[],
                  ${column((e) => e.actor.kind)}::text[], ${column((e) => e.actor.userId)}::int[],
                  ${column((e) => e.actor.name)}::text[], ${column((e) => e.client.address)}::text[],
                  ${column((e) => e.client.userAgent)}::text[], ${column((e) => e.operation)}::text[],
                  ${column((e) => e.target.type)}::text[], ${column((e) => e.target.id)}::text[],
                  ${column((e) => e.target.name)}::text[], ${column((e) => JSON.stringify(e.before))}::text[],
                  ${column((e) => JSON.stringify(e.after))}::text[], ${column((e) => e.prevHash)}::text[],
                  ${column((e) => e.hash)}::text[])
           as x(s, a, k, u, n, ad, ua, op, tt, ti, tn, b, af, p, h)`);
}

/** A workspace with ENTRIES chained entries and its chain head at the last. */
async function fill(db: Db): Promise<void> {
  await migrate(db);
  const { workspace_id: workspaceId } = await createWorkspace(db, AUDIT_BENCH_WORKSPACE);
  let prevHash = GENESIS_HASH;
  let batch: StoredEntry[] = [];
  for (let seq = 1; seq <= ENTRIES; seq += 1) {
    const at = new Date(START + seq * STEP_MS).toISOString();
    const unhashed = { ...content(workspaceId, seq), seq, at, prevHash };
    const entry = { ...unhashed, hash: entryHash(unhashed) };
    batch.push(entry);
    prevHash = entry.hash;
    if (batch.length === BATCH || seq === ENTRIES) {
      await insertBatch(db, batch);
      batch = [];
    }
  }
  await db.query(sql`insert into audit_chain_heads (workspace_id, seq, hash)
    values (${workspaceId}, ${ENTRIES}, ${prevHash})`);
  await db.query('analyze audit_entries');
}

/** The bench's database: the kept one when BENCH_KEEP=1 and present, else built now. */
async function openChain(
  adminUrl: string,
): Promise<{ db: Db; builtS: number | null; close: () => Promise<void> }> {
  const keep = process.env.BENCH_KEEP === '1';
  const name = keep ? KEPT : `mailpulse_audit_bench_chain_${randomBytes(4).toString('hex')}`;
  const present =
    keep && (await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`)) > 0;
  let builtS: number | null = null;
  if (!present) {
    const building = `${name}_building`;
    await adminQuery(adminUrl, `drop database if exists ${building}`);
    await adminQuery(adminUrl, `create database ${building}`);
    const started = performance.now();
    const db = await openDatabase({ databaseUrl: urlOf(adminUrl, building), dataDir: '' });
    await fill(db).finally(() => db.close());
    builtS = (performance.now() - started) / 1000;
    await adminQuery(adminUrl, `alter database ${building} rename to ${name}`);
  }
  const db = await openDatabase({ databaseUrl: urlOf(adminUrl, name), dataDir: '' });
  await migrate(db);
  return {
    db,
    builtS,
    close: async () => {
      await db.close();
      if (!keep) await adminQuery(adminUrl, `drop database ${name}`);
    },
  };
}

export async function verifyTimings(adminUrl: string): Promise<string[]> {
  const chain = await openChain(adminUrl);
  try {
    const [ws] = await chain.db.query<{ workspace_id: number }>(
      `select workspace_id from workspaces where client_name = 'Audit bench'`,
    );
    if (!ws) throw new Error('the audit bench database holds no workspace');
    const load = loadAverage();
    const mb = () => (process.memoryUsage().rss / 1024 / 1024).toFixed(0);
    const rssBefore = mb();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const { lines } = await runAuditCommand(chain.db, {
      name: 'audit:verify',
      workspaceId: ws.workspace_id,
    });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const built =
      chain.builtS === null ? 'kept from a run before' : `built in ${chain.builtS.toFixed(0)} s`;
    return [
      `PostgreSQL: audit:verify over ${ENTRIES.toLocaleString('en')} entries (${built}): ${seconds.toFixed(1)} s, ` +
        `this process's CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, RSS ${rssBefore} → ${mb()} MB ` +
        `(budget 30 s; ${load}): ${lines.join(' ')}`,
    ];
  } finally {
    await chain.close();
  }
}
