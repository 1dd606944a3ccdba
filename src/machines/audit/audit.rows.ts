import type { AuditEntry } from '@/api/types';
import { fieldLabel, operationLabel, targetTypeLabel } from '@/domain/audit-operations';
import { searchText, type TableRow } from '../shared/table.view';

/** An entry's key in the table: its place in the workspace's log. */
export const entryKey = (entry: AuditEntry) => String(entry.id);

/** Entries are read, never selected; the log's order (newest first) is the table's. */
export function auditRow(entry: AuditEntry): TableRow {
  return {
    key: entryKey(entry),
    selectable: false,
    text: searchText(entry.actor.name, entry.operation, entry.target.name ?? ''),
    sort: { time: entry.time },
  };
}

/** Who did it: the user's address, the CLI's OS user or the worker (the table badges the kind). */
export const actorName = ({ actor }: AuditEntry): string => actor.name;

/** What it was done to: the target's type, and its name (else its id). */
export function targetText({ target }: AuditEntry): { type: string; name: string } {
  return { type: targetTypeLabel(target.type), name: target.name ?? target.id ?? '' };
}

export const entryOperation = (entry: AuditEntry) => operationLabel(entry.operation);

/** One changed field: its value before and after, as text; null where it did not exist. */
export interface FieldChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One weekday's hours (`{weekday, start_time, end_time}`) as `Mon 09:00–17:30`. */
function hoursText(value: Record<string, unknown>): string | null {
  const { weekday, start_time: start, end_time: end } = value;
  if (typeof weekday !== 'string' || typeof start !== 'string' || typeof end !== 'string') {
    return null;
  }
  return `${weekday} ${start.slice(0, 5)}–${end.slice(0, 5)}`;
}

/** An object as `Name: value, Other: value`; a day's hours as `Mon 09:00–17:30`. */
function recordText(value: Record<string, unknown>): string {
  return (
    hoursText(value) ??
    Object.entries(value)
      .map(([key, item]) => `${fieldLabel(key)}: ${valueText(item)}`)
      .join(', ')
  );
}

/**
 * A value as text: strings as they come (`[secret]` included), a list of plain values joined
 * with commas, a list of objects one per line, an object as its fields.
 */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const objects = value.some(isRecord);
    return value.map((item) => valueText(item)).join(objects ? '\n' : ', ');
  }
  if (isRecord(value)) return recordText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** The changed fields, in the order the entry names them (after's first, then removed ones). */
export function fieldChanges(entry: AuditEntry): FieldChange[] {
  const keys = [...new Set([...Object.keys(entry.after), ...Object.keys(entry.before)])];
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: key in entry.before ? valueText(entry.before[key]) : null,
    after: key in entry.after ? valueText(entry.after[key]) : null,
  }));
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A user agent in two words (`Chrome on macOS`); null when it names no browser we know. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
