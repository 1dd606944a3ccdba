import type { components } from '../openapi/portal.gen';
import { formatDuration } from './durations';
import { formatCount, formatShare } from './numbers';

// The headline figures (KPI tiles) and their change on the period before: the native dashboard
// shows them and the report emails send them, so the two always say the same.

type Summary = components['schemas']['StatsSummary'];
/** Business hours or calendar time, for the response-time figures. */
type TimeBasis = keyof Summary['response_time'];
/** Which way a figure is good news; a change of `neither` is neutral. */
type Better = 'lower' | 'higher' | 'neither';

export interface KpiTile {
  name: string;
  /** The figure, or null when there is nothing to measure. */
  value: (summary: Summary, time: TimeBasis) => number | null;
  format: (value: number) => string;
  better: Better;
  /** A count, which is "no data" rather than 0 for a period without mail. */
  count?: true;
}

export const KPI_TILES: readonly KpiTile[] = [
  {
    name: 'Received',
    value: (s) => s.received,
    format: formatCount,
    better: 'neither',
    count: true,
  },
  { name: 'Sent', value: (s) => s.sent, format: formatCount, better: 'neither', count: true },
  {
    name: 'Unreplied',
    value: (s) => s.unreplied,
    format: formatCount,
    better: 'lower',
    count: true,
  },
  {
    name: 'Awaiting reply',
    value: (s) => s.awaiting,
    format: formatCount,
    better: 'lower',
    count: true,
  },
  {
    name: 'Median response time',
    value: (s, time) => s.response_time[time].median,
    format: formatDuration,
    better: 'lower',
  },
  {
    name: '90th percentile response time',
    value: (s, time) => s.response_time[time].p90,
    format: formatDuration,
    better: 'lower',
  },
  {
    name: 'First response time',
    value: (s, time) => s.first_response_time[time].median,
    format: formatDuration,
    better: 'lower',
  },
  {
    name: 'Within target',
    value: (s) => s.within_target.share,
    format: formatShare,
    better: 'higher',
  },
];

/** A tile's figure; counts of nothing measured are "no data", not 0: a period without mail has no figures. */
export function kpiFigure(summary: Summary, tile: KpiTile, time: TimeBasis): number | null {
  const value = tile.value(summary, time);
  if (value === null) return null;
  return tile.count && summary.received === 0 && summary.sent === 0 ? null : value;
}

interface KpiChange {
  arrow: '↑' | '↓' | '→';
  /** The change in whole percent, without its sign (the arrow says which way). */
  percent: number;
  tone: 'better' | 'worse' | 'neutral';
}

/** `↑ 12%`, coloured by whether it is good news; null when there is no previous figure. */
export function kpiChange(now: number, before: number | null, better: Better): KpiChange | null {
  if (before === null || before === 0) return null;
  const rounded = Math.round(((now - before) / before) * 100);
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const tone =
    better === 'neither' || direction === 'flat'
      ? 'neutral'
      : (direction === 'down') === (better === 'lower')
        ? 'better'
        : 'worse';
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '→';
  return { arrow, percent: Math.abs(rounded), tone };
}
