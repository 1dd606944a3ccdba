import type { StatsSummary } from '@/api/types';
import type { TimeBasis } from '@/domain/dashboard-search';
import { KPI_TILES, kpiChange, kpiFigure, type KpiTile } from '@common/kpi';
import '@/ui/skeleton.css';

function Change({
  now,
  before,
  better,
}: {
  now: number;
  before: number | null;
  better: KpiTile['better'];
}) {
  const change = kpiChange(now, before, better);
  if (!change) return <span className="kpi-change kpi-change-none">No previous figure</span>;
  return (
    <span className={`kpi-change kpi-change-${change.tone}`}>
      <span aria-hidden="true">{change.arrow}</span> {change.percent}%
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
      {KPI_TILES.map((tile) => {
        const value = kpiFigure(summary, tile, time);
        const before = kpiFigure(previous, tile, time);
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
      {KPI_TILES.map((tile) => (
        <div key={tile.name} className="kpi-tile kpi-tile-skeleton">
          <span className="skeleton skeleton-label" />
          <span className="skeleton skeleton-value" />
          <span className="skeleton skeleton-change" />
        </div>
      ))}
    </div>
  );
}
