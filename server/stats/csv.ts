import type { Schemas } from '../contract/types';
import { csvText } from '../http/csv';

// The breakdown as CSV (server/http/csv.ts: RFC 4180, formula-like cells neutralised).

const TIMES = ['avg', 'median', 'p90'] as const;
const KINDS = [
  ['response', 'response_time', 'business'],
  ['response', 'response_time', 'calendar'],
  ['first_response', 'first_response_time', 'business'],
  ['first_response', 'first_response_time', 'calendar'],
] as const;
const COUNTS = [
  'received',
  'sent',
  'replied',
  'unreplied',
  'awaiting',
  'internal',
  'automated',
] as const;

export function breakdownCsv(breakdown: Schemas['StatsBreakdown']): string {
  const header = [
    breakdown.by,
    ...COUNTS,
    ...KINDS.flatMap(([prefix, , clock]) => TIMES.map((t) => `${prefix}_${clock}_${t}_seconds`)),
    'within_target_seconds',
    'within_target_share',
  ];
  const rows = breakdown.rows.map((row) => [
    row.key,
    ...COUNTS.map((count) => row[count]),
    ...KINDS.flatMap(([, field, clock]) => TIMES.map((t) => row[field][clock][t])),
    row.within_target.target_seconds,
    row.within_target.share,
  ]);
  return csvText([header, ...rows]);
}
