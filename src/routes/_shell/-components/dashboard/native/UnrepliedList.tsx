import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '@/api/client';
import { MarkDoneHost } from '@/machines/mark-done/mark-done.host';
import { formatDuration } from '@common/durations';
import type { UnrepliedActor } from '@/machines/native-dashboard/unreplied.machine';
import { unrepliedView } from '@/machines/native-dashboard/native-dashboard.view';
import { sameView } from '@/machines/shared/same-view';
import { ErrorState } from '@/ui/ErrorState';
import { Spinner } from '@/ui/Spinner';
import { formatCount } from '@common/numbers';
import { ExportButton } from './ExportButton';

const received = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

interface UnrepliedListProps {
  list: UnrepliedActor;
  client: ApiClient;
  /** Downloads the period's requests as CSV (every status, who closed one and when). */
  onExport?: () => void;
  exporting: boolean;
}

/**
 * The mail still waiting for a reply, longest waiting first, a page at a time; each row can be
 * marked as done (Undo in the toast).
 */
export function UnrepliedList({ list, client, onExport, exporting }: UnrepliedListProps) {
  const { page, loading, failed } = useSelector(list, unrepliedView, sameView);
  const [markDone] = useState(
    () =>
      new MarkDoneHost(
        () =>
          import('@/machines/mark-done/mark-done.machine').then((m) =>
            m.createMarkDoneMachine(client),
          ),
        list,
      ),
  );
  useEffect(() => () => markDone.stop(), [markDone]);
  const { busy, busyId } = useSyncExternalStore(markDone.subscribe, markDone.view);
  const onPage = (number: number) => list.send({ type: 'PAGE', page: number });
  const onRetry = () => list.send({ type: 'RETRY' });
  const pages = page ? Math.max(1, Math.ceil(page.total / page.page_size)) : 1;
  return (
    <section className="dash-card dash-card-wide" aria-labelledby="unreplied-title">
      <header className="dash-card-header">
        <div>
          <h2 className="dash-card-title" id="unreplied-title">
            Waiting for a reply
          </h2>
          <p className="dash-card-note">
            {page ? `${formatCount(page.total)} emails, longest waiting first` : ' '}
          </p>
        </div>
        <div className="dash-card-actions">
          {loading && page && <Spinner size="small" label="Loading" />}
          {onExport && (
            <ExportButton label="Export all requests" onExport={onExport} exporting={exporting} />
          )}
        </div>
      </header>
      {failed ? (
        <ErrorState onRefresh={onRetry} />
      ) : !page ? (
        <div className="dash-loading-block">
          <Spinner label="Loading the unreplied emails" />
        </div>
      ) : page.unreplied.length === 0 ? (
        <p className="dash-empty-note">Nothing is waiting for a reply. Well done.</p>
      ) : (
        <>
          <div className={`dash-table-scroll${loading ? ' is-stale' : ''}`} tabIndex={0}>
            <table className="dash-table unreplied-table">
              <thead>
                <tr>
                  <th scope="col">Mailbox</th>
                  <th scope="col">From</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Received</th>
                  <th scope="col">Waiting (business)</th>
                  <th scope="col">Waiting (calendar)</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.unreplied.map((row) => (
                  <tr key={row.id}>
                    <td className="unreplied-cut" title={row.mailbox}>
                      {row.mailbox}
                    </td>
                    <td className="unreplied-cut" title={row.from}>
                      {row.from}
                    </td>
                    <td className="unreplied-cut" title={row.subject}>
                      {row.subject || '(no subject)'}
                    </td>
                    <td>{received(row.received)}</td>
                    <td>{formatDuration(row.waiting.business)}</td>
                    <td>{formatDuration(row.waiting.calendar)}</td>
                    <td className="unreplied-action">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-label={`Mark as done: ${row.subject || '(no subject)'} from ${row.from}`}
                        aria-busy={busyId === row.id}
                        disabled={busy}
                        onClick={() => markDone.markDone(row.id)}
                      >
                        Mark as done
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Unreplied emails pages">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={page.page <= 1 || loading}
              onClick={() => onPage(page.page - 1)}
            >
              Previous
            </button>
            <span className="pager-status">
              Page {page.page} of {pages}
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={page.page >= pages || loading}
              onClick={() => onPage(page.page + 1)}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
