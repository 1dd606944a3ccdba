import type { StatsSummary } from '@/api/types';
import type { TimeBasis } from '@/domain/dashboard-search';
import { formatDuration } from '@common/durations';
import '@/ui/skeleton.css';

type Better = 'lower' | 'higher' | 'neither';

interface Tile {
  name: string;
  /** The figure, or null when there is nothing to measure. */
  value: (summary: StatsSummary, time: TimeBasis) => number | null;
  format: (value: number) => string;
  better: Better;
}

const count = (value: number) => value.toLocaleString('en-US');
const percent = (share: number) => `${Math.round(share * 100)}%`;

const TILES: readonly Tile[] = [
  { name: 'Received', value: (s) => s.received, format: count, better: 'neither' },
  { name: 'Sent', value: (s) => s.sent, format: count, better: 'neither' },
  { name: 'Unreplied', value: (s) => s.unreplied, format: count, better: 'lower' },
  { name: 'Awaiting reply', value: (s) => s.awaiting, format: count, better: 'lower' },
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
    format: percent,
    better: 'higher',
  },
];

/** Counts of nothing measured are "no data", not 0: a period without mail has no figures. */
function measured(summary: StatsSummary, tile: Tile, time: TimeBasis): number | null {
  const value = tile.value(summary, time);
  if (value === null) return null;
  if (tile.format === count && summary.received === 0 && summary.sent === 0) return null;
  return value;
}

function Change({ now, before, better }: { now: number; before: number | null; better: Better }) {
  if (before === null || before === 0) {
    return <span className="kpi-change kpi-change-none">No previous figure</span>;
  }
  const change = (now - before) / before;
  const rounded = Math.round(change * 100);
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const tone =
    better === 'neither' || direction === 'flat'
      ? 'neutral'
      : (direction === 'down') === (better === 'lower')
        ? 'better'
        : 'worse';
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '→';
  return (
    <span className={`kpi-change kpi-change-${tone}`}>
      <span aria-hidden="true">{arrow}</span> {Math.abs(rounded)}%
      <span className="kpi-change-label"> vs previous period</span>
    </span>
  );
}

interface KpiTilesProps {
  summary: StatsSummary;
  previous: StatsSummary;
  time: TimeBasis;
}

/** The headline figures, each a labelled group whose value is its text. */
export function KpiTiles({ summary, previous, time }: KpiTilesProps) {
  return (
    <div className="kpi-grid">
      {TILES.map((tile) => {
        const value = measured(summary, tile, time);
        const before = measured(previous, tile, time);
        const id = `kpi-${tile.name.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section key={tile.name} className="kpi-tile" role="group" aria-labelledby={id}>
            <h3 className="kpi-name" id={id}>
              {tile.name}
            </h3>
            {value === null ? (
              <p className="kpi-value kpi-value-empty">No data</p>
            ) : (
              <p className="kpi-value">{tile.format(value)}</p>
            )}
            {value !== null && <Change now={value} before={before} better={tile.better} />}
          </section>
        );
      })}
    </div>
  );
}

/** Eight grey tiles while the first figures load. */
export function KpiSkeleton() {
  return (
    <div className="kpi-grid" role="group" aria-busy="true" aria-label="Loading figures">
      {TILES.map((tile) => (
        <div key={tile.name} className="kpi-tile kpi-tile-skeleton">
          <span className="skeleton skeleton-label" />
          <span className="skeleton skeleton-value" />
          <span className="skeleton skeleton-change" />
        </div>
      ))}
    </div>
  );
}
