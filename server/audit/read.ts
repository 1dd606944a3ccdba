import type { Schemas } from '../contract/types';
import type { EntryRow } from '../repos/audit';
import { csvText, type CsvCell } from '../http/csv';

// Entries as the API shows them, and as the CSV export writes them.

type AuditEntry = Schemas['AuditEntry'];

export function apiEntry(row: EntryRow): AuditEntry {
  return {
    id: Number(row.seq),
    time: new Date(row.at).toISOString(),
    actor: { kind: row.actor_kind, user_id: row.actor_user_id, name: row.actor_name },
    client: { address: row.client_address, user_agent: row.user_agent },
    operation: row.operation,
    target: { type: row.target_type, id: row.target_id, name: row.target_name },
    before: row.before,
    after: row.after,
    hash: row.hash,
  };
}

const HEADER = [
  'time',
  'actor_kind',
  'actor',
  'actor_user_id',
  'client_address',
  'user_agent',
  'operation',
  'target_type',
  'target_id',
  'target_name',
  'before',
  'after',
  'hash',
];

export function auditCsv(rows: readonly EntryRow[]): string {
  const lines = rows.map((row): CsvCell[] => [
    new Date(row.at).toISOString(),
    row.actor_kind,
    row.actor_name,
    row.actor_user_id,
    row.client_address,
    row.user_agent,
    row.operation,
    row.target_type,
    row.target_id,
    row.target_name,
    JSON.stringify(row.before),
    JSON.stringify(row.after),
    row.hash,
  ]);
  return csvText([HEADER, ...lines]);
}
