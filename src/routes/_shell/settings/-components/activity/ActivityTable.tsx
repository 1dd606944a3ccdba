import { Fragment } from 'react';
import type { ActivityRow } from '@/machines/audit/audit.view';
import { Badge } from '@/ui/Badge';
import { ChevronRightIcon } from '@/ui/icons';
import { useNarrowScreen } from '@/ui/table/use-narrow-screen';
import { TruncatedText } from '@/ui/TruncatedText';
import { EntryDetails } from './EntryDetails';
// The cell texts (`table-primary`, `table-secondary`) every settings table shares.
import '@/screens/table/DataTable.css';
import '@/ui/skeleton.css';

interface ActivityTableProps {
  rows: readonly ActivityRow[];
  /** The zone the times are in, named in the Time header. */
  timezone: string;
  /** An older page shown while the next loads. */
  stale: boolean;
  onToggle: (key: string) => void;
}

const KIND_BADGES = { cli: 'CLI', system: 'System' } as const;

const detailsId = (row: ActivityRow) => `activity-entry-${row.key}`;

/** Where a change came from: the address, and the browser in two words (the whole agent on hover). */
function FromWhere({ row }: { row: ActivityRow }) {
  if (row.actorKind !== 'user' && row.address === null) {
    return (
      <span className="table-muted">{row.actorKind === 'cli' ? 'Server console' : 'Server'}</span>
    );
  }
  return (
    <span className="activity-where" title={row.userAgent ?? undefined}>
      <span className="table-primary activity-mono">{row.address ?? 'Unknown address'}</span>
      {(row.device ?? row.userAgent) && (
        <span className="table-secondary activity-device">{row.device ?? row.userAgent}</span>
      )}
    </span>
  );
}

interface EntryRowProps {
  row: ActivityRow;
  onToggle: (key: string) => void;
  /** At 768 px and below: no Target and From where columns; the target goes under the operation. */
  narrow: boolean;
}

function EntryRow({ row, onToggle, narrow }: EntryRowProps) {
  return (
    <tr className="activity-row" data-row-key={row.key} data-expanded={row.expanded || undefined}>
      <td className="activity-cell-toggle">
        <button
          type="button"
          className="activity-toggle"
          aria-expanded={row.expanded}
          aria-controls={row.expanded ? detailsId(row) : undefined}
          aria-label={`Details of ${row.operation}, ${row.day} ${row.time}`}
          onClick={() => onToggle(row.key)}
        >
          <ChevronRightIcon size={16} />
        </button>
      </td>
      <td>
        <time dateTime={row.iso} className="activity-time">
          <span className="table-primary">{row.day}</span>
          <span className="table-secondary activity-mono">{row.time}</span>
        </time>
      </td>
      <td>
        <span className="activity-actor">
          <TruncatedText className="table-primary">{row.actor}</TruncatedText>
          {row.actorKind !== 'user' && <Badge tone="brand">{KIND_BADGES[row.actorKind]}</Badge>}
        </span>
      </td>
      <td>
        <TruncatedText className="table-primary">{row.operation}</TruncatedText>
        {narrow ? (
          <span className="table-secondary">
            {row.targetType}
            {row.targetName && ` · ${row.targetName}`}
          </span>
        ) : (
          <span className="table-secondary activity-mono">{row.operationId}</span>
        )}
      </td>
      {!narrow && (
        <>
          <td>
            <TruncatedText className="table-primary">
              {row.targetName || row.targetType}
            </TruncatedText>
            {row.targetName && <span className="table-secondary">{row.targetType}</span>}
          </td>
          <td>
            <FromWhere row={row} />
          </td>
        </>
      )}
    </tr>
  );
}

/** A page of the log: one row per entry, each opening under itself to its before and after. */
export function ActivityTable({ rows, timezone, stale, onToggle }: ActivityTableProps) {
  const narrow = useNarrowScreen();
  return (
    <div
      className="activity-table-body"
      aria-busy={stale || undefined}
      data-stale={stale || undefined}
    >
      <table className="activity-table data-table-sticky-head" aria-label="Activity">
        <thead>
          <tr>
            <th scope="col" className="activity-cell-toggle">
              <span className="visually-hidden">Details</span>
            </th>
            <th scope="col" className="activity-col-time">
              Time <span className="activity-zone">({timezone.replaceAll('_', ' ')})</span>
            </th>
            <th scope="col" className="activity-col-actor">
              Actor
            </th>
            <th scope="col">Operation</th>
            {!narrow && (
              <>
                <th scope="col" className="activity-col-target">
                  Target
                </th>
                <th scope="col" className="activity-col-where">
                  From where
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.key}>
              <EntryRow row={row} onToggle={onToggle} narrow={narrow} />
              {row.expanded && (
                <tr className="activity-details-row" id={detailsId(row)}>
                  <td colSpan={narrow ? 4 : 6}>
                    <EntryDetails row={row} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape while the first page loads. */
export function ActivitySkeleton() {
  return (
    <div className="activity-skeleton" role="status" aria-label="Loading activity">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="activity-skeleton-row" aria-hidden="true">
          <span className="skeleton activity-skeleton-time" />
          <span className="skeleton activity-skeleton-actor" />
          <span className="skeleton activity-skeleton-op" />
          <span className="skeleton activity-skeleton-target" />
        </div>
      ))}
    </div>
  );
}
