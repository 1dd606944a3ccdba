import type { Schemas } from '../contract/types';
import type { SubscriptionRecord } from '../repos/reports';
import { formatDuration } from '../../common/durations';
import { FREQUENCY_TEXTS, formatPeriod } from '../../common/reports';
import { KPI_TILES, kpiChange, kpiFigure } from '../../common/kpi';
import { formatCount } from '../../common/numbers';
import type { ReportFigures } from './figures';

// What a report email says, worked out once from its figures: the HTML (ReportEmail.tsx) and
// the text part (report-text.ts) both render this, so the two parts never disagree.

type Summary = Schemas['StatsSummary'];
export type Tone = 'better' | 'worse' | 'neutral' | 'none';

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

/** The dashboard's KPI tiles, on business time. */
function tiles(summary: Summary, previous: Summary): TileView[] {
  return KPI_TILES.map((tile) => {
    const value = kpiFigure(summary, tile, 'business');
    if (value === null)
      return { name: tile.name, value: 'No data', change: { text: '', tone: 'none' } };
    const change = kpiChange(value, kpiFigure(previous, tile, 'business'), tile.better);
    return {
      name: tile.name,
      value: tile.format(value),
      change: change
        ? { text: `${change.arrow} ${change.percent}% vs previous period`, tone: change.tone }
        : { text: 'No previous figure', tone: 'none' },
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
    received: formatCount(row.received),
    bar: row.received / max,
    sent: formatCount(row.sent),
    unreplied: formatCount(row.unreplied),
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
