import type { Schemas } from '../contract/types';
import type { SubscriptionRecord } from '../repos/reports';
import { formatDuration } from '../../common/durations';
import { FREQUENCY_TEXTS, formatPeriod } from '../../common/reports';
import type { ReportFigures } from './figures';

// What a report email says, worked out once from its figures: the HTML (ReportEmail.tsx) and
// the text part (report-text.ts) both render this, so the two parts never disagree.

type Summary = Schemas['StatsSummary'];
type Better = 'lower' | 'higher' | 'neither';
export type Tone = 'better' | 'worse' | 'neutral' | 'none';

interface TileDefinition {
  name: string;
  value: (summary: Summary) => number | null;
  format: (value: number) => string;
  better: Better;
  /** A count, which is "no data" rather than 0 for a period without mail. */
  count?: true;
}

const count = (value: number) => value.toLocaleString('en-US');
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The dashboard's KPI tiles, on business time. */
const TILES: readonly TileDefinition[] = [
  { name: 'Received', value: (s) => s.received, format: count, better: 'neither', count: true },
  { name: 'Sent', value: (s) => s.sent, format: count, better: 'neither', count: true },
  { name: 'Unreplied', value: (s) => s.unreplied, format: count, better: 'lower', count: true },
  { name: 'Awaiting reply', value: (s) => s.awaiting, format: count, better: 'lower', count: true },
  {
    name: 'Median response time',
    value: (s) => s.response_time.business.median,
    format: formatDuration,
    better: 'lower',
  },
  {
    name: '90th percentile response time',
    value: (s) => s.response_time.business.p90,
    format: formatDuration,
    better: 'lower',
  },
  {
    name: 'First response time',
    value: (s) => s.first_response_time.business.median,
    format: formatDuration,
    better: 'lower',
  },
  { name: 'Within target', value: (s) => s.within_target.share, format: percent, better: 'higher' },
];

export interface TileView {
  name: string;
  /** The figure as shown, or `No data`. */
  value: string;
  change: { text: string; tone: Tone };
}

interface WaitingView {
  from: string;
  subject: string;
  mailbox: string;
  waiting: string;
}

export interface BreakdownRowView {
  key: string;
  received: string;
  /** The row's received as a share of the largest row's, for its inline bar (0 to 1). */
  bar: number;
  sent: string;
  unreplied: string;
  median: string;
}

export interface ReportView {
  subject: string;
  preview: string;
  title: string;
  period: string;
  previous: string;
  scope: string;
  workspace: string;
  recipient: string;
  frequency: string;
  tiles: TileView[];
  waiting: { total: number; rows: WaitingView[] };
  breakdown: { by: 'Mailbox' | 'Team'; rows: BreakdownRowView[]; more: number };
  dashboardUrl: string;
  unsubscribeUrl: string;
}

/** Rows shown in the breakdown; the rest are counted under it. */
const BREAKDOWN_ROWS = 10;

function measured(summary: Summary, tile: TileDefinition): number | null {
  const value = tile.value(summary);
  if (value === null) return null;
  return tile.count && summary.received === 0 && summary.sent === 0 ? null : value;
}

/** `↑ 12% vs previous period`, coloured by whether it is good news. */
function changeOf(now: number, before: number | null, better: Better): TileView['change'] {
  if (before === null || before === 0) return { text: 'No previous figure', tone: 'none' };
  const rounded = Math.round(((now - before) / before) * 100);
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const tone: Tone =
    better === 'neither' || direction === 'flat'
      ? 'neutral'
      : (direction === 'down') === (better === 'lower')
        ? 'better'
        : 'worse';
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '→';
  return { text: `${arrow} ${Math.abs(rounded)}% vs previous period`, tone };
}

function tiles(summary: Summary, previous: Summary): TileView[] {
  return TILES.map((tile) => {
    const value = measured(summary, tile);
    if (value === null)
      return { name: tile.name, value: 'No data', change: { text: '', tone: 'none' } };
    const before = measured(previous, tile);
    return {
      name: tile.name,
      value: tile.format(value),
      change: changeOf(value, before, tile.better),
    };
  });
}

const maybeDuration = (seconds: number | null) =>
  seconds === null ? '–' : formatDuration(seconds);

function breakdownRows(rows: Schemas['StatsBreakdownRow'][]): ReportView['breakdown']['rows'] {
  const sorted = [...rows].sort((a, b) => b.received - a.received || a.key.localeCompare(b.key));
  const top = sorted.slice(0, BREAKDOWN_ROWS);
  const max = Math.max(1, ...top.map((row) => row.received));
  return top.map((row) => ({
    key: row.key,
    received: count(row.received),
    bar: row.received / max,
    sent: count(row.sent),
    unreplied: count(row.unreplied),
    median: maybeDuration(row.response_time.business.median),
  }));
}

interface ViewContext {
  record: SubscriptionRecord;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

function scopeText(record: SubscriptionRecord, narrowing: string[]): string {
  if (record.narrowed_by === 'mailboxes') return `Mailboxes: ${narrowing.join(', ')}`;
  if (record.narrowed_by === 'teams') return `Teams: ${narrowing.join(', ')}`;
  return record.role === 'admin' ? 'All mailboxes' : 'All the mailboxes you can see';
}

export function reportView(figures: ReportFigures, context: ViewContext): ReportView {
  const { record } = context;
  const frequency = FREQUENCY_TEXTS[record.frequency].label.toLowerCase();
  const period = formatPeriod(figures.period.from, figures.period.to);
  const shown = tiles(figures.summary, figures.previousSummary);
  const median = shown.find((tile) => tile.name === 'Median response time')?.value ?? '';
  const rows = breakdownRows(figures.breakdown.rows);
  return {
    subject: `Your ${frequency} email report: ${period}`,
    preview:
      `${shown[0]?.value ?? ''} received, ${figures.summary.awaiting} awaiting reply, ` +
      `median response ${median}`,
    title: `Your ${frequency} email report`,
    period,
    previous: formatPeriod(figures.previous.from, figures.previous.to),
    scope: scopeText(record, figures.narrowing),
    workspace: record.client_name,
    recipient: record.email,
    frequency,
    tiles: shown,
    waiting: {
      total: figures.waiting.total,
      rows: figures.waiting.unreplied.map((item) => ({
        from: item.from,
        subject: item.subject || '(no subject)',
        mailbox: item.mailbox,
        waiting: formatDuration(item.waiting.business),
      })),
    },
    breakdown: {
      by: figures.breakdown.by === 'team' ? 'Team' : 'Mailbox',
      rows,
      more: figures.breakdown.rows.length - rows.length,
    },
    dashboardUrl: context.dashboardUrl,
    unsubscribeUrl: context.unsubscribeUrl,
  };
}
