import type { Schemas } from '../contract/types';

// The breakdown as CSV: RFC 4180 (CRLF, quotes doubled, fields with a comma, quote or line break
// quoted), and text a spreadsheet would run as a formula (= + - @ first, or a tab or carriage
// return) prefixed with an apostrophe so it shows as text.

const FORMULA = /^[=+\-@\t\r]/;

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  return [header, ...rows].map((fields) => fields.map(cell).join(',')).join('\r\n') + '\r\n';
}
