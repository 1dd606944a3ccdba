import { joinSql, sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';

// The audit log's rows (docs/audit.md). Entries are only ever inserted here; retention is the
// one delete (repos/audit-retention.ts), and no statement updates an entry.

interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * Locks the workspace's chain head, creating it at the genesis hash: retention holds it while it
 * prunes, and the first append of a workspace creates it here.
 */
export async function lockChainHead(tx: Queryable, workspaceId: number): Promise<void> {
  await tx.query(sql`
    insert into audit_chain_heads (workspace_id, seq, hash)
    values (${workspaceId}, 0, repeat('0', 64))
    on conflict (workspace_id) do update set seq = audit_chain_heads.seq`);
}

export interface EntryRow {
  workspace_id: number;
  seq: number;
  at: string;
  actor_kind: 'user' | 'cli' | 'system';
  actor_user_id: number | null;
  actor_name: string;
  client_address: string | null;
  user_agent: string | null;
  operation: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

/** An entry's columns before the chain places it, and its canonical JSON around its place. */
export type UnplacedRow = Omit<EntryRow, 'seq' | 'prev_hash' | 'hash'> & {
  json: { before: string; after: string };
};

/**
 * Appends an entry after the workspace's chain head and moves the head to it, in one statement:
 * the head's row lock makes concurrent appends of a workspace take turns, and the entry's hash is
 * its canonical JSON with the head's hash and next seq put in place, hashed here (docs/audit.md).
 * Returns the entry's place, or null when the workspace has no chain head yet.
 */
export async function appendAtHead(
  tx: Queryable,
  row: UnplacedRow,
): Promise<Pick<EntryRow, 'seq' | 'prev_hash' | 'hash'> | null> {
  const [placed] = await tx.query<Pick<EntryRow, 'seq' | 'prev_hash' | 'hash'>>(sql`
    with head as (
      select seq + 1 as seq, hash as prev_hash,
             encode(sha256(convert_to(${row.json.before}::text || '"' || hash || '","seq":'
                                      || (seq + 1)::text || ${row.json.after}::text, 'UTF8')),
                    'hex') as hash
        from audit_chain_heads where workspace_id = ${row.workspace_id} for update),
    entry as (
      insert into audit_entries (workspace_id, seq, at, actor_kind, actor_user_id, actor_name,
                                 client_address, user_agent, operation, target_type, target_id,
                                 target_name, before, after, prev_hash, hash)
      select ${row.workspace_id}, head.seq, ${row.at}::timestamptz, ${row.actor_kind},
             ${row.actor_user_id}, ${row.actor_name}, ${row.client_address}, ${row.user_agent},
             ${row.operation}, ${row.target_type}, ${row.target_id}, ${row.target_name},
             ${JSON.stringify(row.before)}::jsonb, ${JSON.stringify(row.after)}::jsonb,
             head.prev_hash, head.hash
        from head
      returning seq, prev_hash, hash)
    update audit_chain_heads h set seq = entry.seq, hash = entry.hash
      from entry where h.workspace_id = ${row.workspace_id}
    returning entry.seq, entry.prev_hash, entry.hash`);
  return placed ?? null;
}

interface ChainState extends ChainHead {
  anchor_seq: number;
  anchor_hash: string;
}

/** The workspace's chain head and anchor, or null before its first entry. */
export async function chainState(q: Queryable, workspaceId: number): Promise<ChainState | null> {
  const [row] = await q.query<ChainState>(sql`
    select seq, hash, anchor_seq, anchor_hash from audit_chain_heads
     where workspace_id = ${workspaceId}`);
  return row ?? null;
}

/** Up to `limit` entries from `fromSeq` on, in chain order (verification reads in batches). */
export async function entriesFrom(
  q: Queryable,
  workspaceId: number,
  fromSeq: number,
  limit: number,
): Promise<EntryRow[]> {
  return q.query<EntryRow>(sql`
    select workspace_id, seq, at, actor_kind, actor_user_id, actor_name, client_address,
           user_agent, operation, target_type, target_id, target_name, before, after,
           prev_hash, hash
      from audit_entries
     where workspace_id = ${workspaceId} and seq >= ${fromSeq}
     order by seq
     limit ${limit}`);
}

export interface AuditFilters {
  /** Dates in the company timezone, both included. */
  from: string | null;
  to: string | null;
  actor: string | null;
  operation: string | null;
  target: string | null;
}

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersSql(workspaceId: number, f: AuditFilters): Sql {
  const zone = sql`report_timezone(${workspaceId})`;
  const actorKind = f.actor === 'cli' || f.actor === 'system' ? f.actor : null;
  const parts: Sql[] = [sql`e.workspace_id = ${workspaceId}`];
  if (f.from !== null) parts.push(sql`e.at >= (${f.from}::date::timestamp at time zone ${zone})`);
  if (f.to !== null) parts.push(sql`e.at < ((${f.to}::date + 1)::timestamp at time zone ${zone})`);
  if (actorKind !== null) parts.push(sql`e.actor_kind = ${actorKind}`);
  else if (f.actor !== null) parts.push(sql`e.actor_name ilike ${containing(f.actor)}`);
  if (f.operation !== null) parts.push(sql`e.operation = ${f.operation}`);
  if (f.target !== null) {
    const like = containing(f.target);
    parts.push(sql`(e.target_type = ${f.target} or e.target_id ilike ${like}
                    or e.target_name ilike ${like})`);
  }
  return joinSql(parts, sql` and `);
}

/** The zone the filters' dates are read in: the company hours' zone, else UTC. */
export async function auditTimezone(q: Queryable, workspaceId: number): Promise<string> {
  const [row] = await q.query<{ timezone: string }>(
    sql`select report_timezone(${workspaceId}) as timezone`,
  );
  return row?.timezone ?? 'UTC';
}

/** How many entries the filters select. */
export async function countEntries(
  q: Queryable,
  workspaceId: number,
  filters: AuditFilters,
): Promise<number> {
  const [row] = await q.query<{ total: number }>(sql`
    select count(*)::int as total from audit_entries e where ${filtersSql(workspaceId, filters)}`);
  return row?.total ?? 0;
}

/** The entries the filters select, newest first, `limit` from `offset`. */
export async function listEntries(
  q: Queryable,
  workspaceId: number,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<EntryRow[]> {
  return q.query<EntryRow>(sql`
    select e.* from audit_entries e
     where ${filtersSql(workspaceId, filters)}
     order by e.at desc, e.seq desc
     limit ${page.limit} offset ${page.offset}`);
}

/** Workspaces holding entries older than `cutoff`. */
export async function workspacesWithEntriesBefore(q: Queryable, cutoff: Date): Promise<number[]> {
  const rows = await q.query<{ workspace_id: number }>(sql`
    select distinct workspace_id from audit_entries where at < ${cutoff.toISOString()}::timestamptz`);
  return rows.map((row) => row.workspace_id);
}

/**
 * Removes the workspace's oldest entries up to the first one not older than `cutoff` (never one
 * after a newer entry), and moves the chain's anchor to the last removed entry, so verification
 * starts there. The caller holds the chain head's lock.
 */
export async function pruneOldest(
  tx: Queryable,
  workspaceId: number,
  cutoff: Date,
): Promise<{ removed: number; through: number | null }> {
  const [row] = await tx.query<{ removed: number; through: number | null }>(sql`
    with bound as (
      select coalesce(
               (select min(seq) - 1 from audit_entries
                 where workspace_id = ${workspaceId} and at >= ${cutoff.toISOString()}::timestamptz),
               (select seq from audit_chain_heads where workspace_id = ${workspaceId})) as seq),
    anchor as (
      select e.seq, e.hash from audit_entries e join bound b on e.seq = b.seq
       where e.workspace_id = ${workspaceId}),
    gone as (
      delete from audit_entries e using bound b
       where e.workspace_id = ${workspaceId} and e.seq <= b.seq returning 1),
    moved as (
      update audit_chain_heads h set anchor_seq = a.seq, anchor_hash = a.hash, anchored_at = now()
        from anchor a where h.workspace_id = ${workspaceId} returning 1)
    select (select count(*) from gone)::int as removed, (select seq from anchor) as through,
           (select count(*) from moved)::int as moved`);
  return { removed: row?.removed ?? 0, through: row?.through ?? null };
}
