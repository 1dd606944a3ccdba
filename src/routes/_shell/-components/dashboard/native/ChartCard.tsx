import { useId, useState, type ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  /** What the chart shows, for its `role="img"` label. */
  description: string;
  chart: ReactNode;
  /** The same numbers as a table. */
  table: ReactNode;
  note?: string;
}

/** A chart with its title and a Show as table toggle, so the numbers reach everyone. */
export function ChartCard({ title, description, chart, table, note }: ChartCardProps) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section className="dash-card" aria-labelledby={headingId}>
      <header className="dash-card-header dash-chart-header">
        <div>
          <h2 className="dash-card-title" id={headingId}>
            {title}
          </h2>
          {note && <p className="dash-card-note">{note}</p>}
        </div>
        <button
          type="button"
          className="link-button"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </header>
      {asTable ? (
        <div className="dash-table-scroll" tabIndex={0}>
          {table}
        </div>
      ) : (
        <div className="dash-chart" role="img" aria-label={description}>
          {chart}
        </div>
      )}
    </section>
  );
}
