import { useState } from 'react';
import type { StatsBreakdown, StatsBreakdownRow } from '@/api/types';
import type { BreakdownBy, TimeBasis } from '@/domain/dashboard-search';
import { formatDuration } from '@common/durations';
import { formatCount, formatShare } from '@common/numbers';
import { Segmented } from './Segmented';
import { ExportButton } from './ExportButton';

interface Column {
  key: string;
  label: string;
  value: (row: StatsBreakdownRow, time: TimeBasis) => number | null;
  format: (value: number) => string;
}

const COLUMNS: readonly Column[] = [
  { key: 'received', label: 'Received', value: (r) => r.received, format: formatCount },
  { key: 'sent', label: 'Sent', value: (r) => r.sent, format: formatCount },
  { key: 'replied', label: 'Replied', value: (r) => r.replied, format: formatCount },
  { key: 'unreplied', label: 'Unreplied', value: (r) => r.unreplied, format: formatCount },
  { key: 'awaiting', label: 'Awaiting', value: (r) => r.awaiting, format: formatCount },
  {
    key: 'median',
    label: 'Median',
    value: (r, t) => r.response_time[t].median,
    format: formatDuration,
  },
  {
    key: 'p90',
    label: '90th pct.',
    value: (r, t) => r.response_time[t].p90,
    format: formatDuration,
  },
  {
    key: 'first',
    label: 'First response',
    value: (r, t) => r.first_response_time[t].median,
    format: formatDuration,
  },
  {
    key: 'within',
    label: 'Within target',
    value: (r) => r.within_target.share,
    format: formatShare,
  },
];

const BY_OPTIONS: readonly { value: BreakdownBy; label: string }[] = [
  { value: 'mailbox', label: 'Mailbox' },
  { value: 'team', label: 'Team' },
  { value: 'contact_group', label: 'Contact group' },
  { value: 'domain', label: 'Customer domain' },
];

interface Sort {
  key: string;
  descending: boolean;
}

function sorted(rows: StatsBreakdownRow[], sort: Sort, time: TimeBasis) {
  const column = COLUMNS.find((c) => c.key === sort.key);
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (!column) return sign * a.key.localeCompare(b.key);
    // Rows without a figure go last whichever way the column is sorted.
    const x = column.value(a, time);
    const y = column.value(b, time);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

interface BreakdownTableProps {
  breakdown: StatsBreakdown;
  by: BreakdownBy;
  time: TimeBasis;
  onBy: (by: BreakdownBy) => void;
  /** A row's key, to filter the page to it (mailbox, team or contact group). */
  onRow?: (row: StatsBreakdownRow) => void;
  onExport: () => void;
  exporting: boolean;
}

/** The summary's columns per mailbox, team, contact group or domain; sortable, rows clickable. */
export function BreakdownTable(props: BreakdownTableProps) {
  const { breakdown, by, time, onBy, onRow, onExport, exporting } = props;
  const [sort, setSort] = useState<Sort>({ key: 'received', descending: true });
  const rows = sorted(breakdown.rows, sort, time);
  const byLabel = BY_OPTIONS.find((o) => o.value === by)?.label ?? by;
  const header = (key: string, label: string) => {
    const active = sort.key === key;
    return (
      <th
        scope="col"
        key={key}
        aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
      >
        <button
          type="button"
          className="sort-button"
          onClick={() => setSort({ key, descending: active ? !sort.descending : key !== 'key' })}
        >
          {label}
          <span aria-hidden="true" className="sort-arrow">
            {active ? (sort.descending ? '↓' : '↑') : ''}
          </span>
        </button>
      </th>
    );
  };
  return (
    <section className="dash-card dash-card-wide" aria-labelledby="breakdown-title">
      <header className="dash-card-header">
        <h2 className="dash-card-title" id="breakdown-title">
          Breakdown
        </h2>
        <div className="dash-card-actions">
          <Segmented label="Break down by" options={BY_OPTIONS} value={by} onChange={onBy} />
          <ExportButton label="Export CSV" onExport={onExport} exporting={exporting} />
        </div>
      </header>
      {rows.length === 0 ? (
        <p className="dash-empty-note">No {byLabel.toLowerCase()} has figures in this period.</p>
      ) : (
        <div className="dash-table-scroll" tabIndex={0}>
          <table className="dash-table breakdown-table">
            <thead>
              <tr>
                {header('key', byLabel)}
                {COLUMNS.map((c) => header(c.key, c.label))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.key}
                  className={onRow ? 'breakdown-row-link' : undefined}
                  onClick={onRow ? () => onRow(row) : undefined}
                >
                  <th scope="row">
                    {onRow ? (
                      // The click reaches the row; the button makes it reachable by keyboard.
                      <button type="button" className="row-button">
                        {row.key}
                      </button>
                    ) : (
                      row.key
                    )}
                  </th>
                  {COLUMNS.map((c) => {
                    const value = c.value(row, time);
                    return <td key={c.key}>{value === null ? '–' : c.format(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
