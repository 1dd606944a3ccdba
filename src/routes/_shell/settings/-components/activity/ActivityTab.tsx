import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  hasFilters,
  withFilters,
  withPage,
  type ActivityFilters as Filters,
  type ActivitySearch,
} from '@/domain/activity-search';
import type { AuditMachine } from '@/machines/audit/audit.machine';
import { auditView, type AuditView } from '@/machines/audit/audit.view';
import { sameView } from '@/machines/shared/same-view';
import { formatCount } from '@common/numbers';
import type { TableActor } from '@/machines/shared/table.machine';
import { tableView } from '@/machines/shared/table.view';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { DownloadIcon, HistoryIcon } from '@/ui/icons';
import { Card, PageHeader } from '@/ui/Page';
import { ActivityFilters, NO_FILTERS } from './ActivityFilters';
import { ActivitySkeleton, ActivityTable } from './ActivityTable';
import '../settings-lists.css';
import './activity.css';

interface ActivityTabProps {
  machine: AuditMachine;
  /** The route's validated search: the filters and page the URL holds. */
  search: ActivitySearch;
  onSearch: (search: ActivitySearch) => void;
}

function Pager({ view, onPage }: { view: AuditView; onPage: (page: number) => void }) {
  if (view.total === 0) return null;
  return (
    <nav className="activity-pager" aria-label="Pages">
      <p className="activity-pager-count" aria-live="polite">
        {formatCount(view.first)}–{formatCount(view.last)} of {formatCount(view.total)}
      </p>
      {view.pages > 1 && (
        <div className="activity-pager-buttons">
          <Button
            variant="secondary"
            size="small"
            disabled={view.page <= 1}
            onClick={() => onPage(view.page - 1)}
          >
            Previous
          </Button>
          <span className="activity-pager-page">
            Page {formatCount(view.page)} of {formatCount(view.pages)}
          </span>
          <Button
            variant="secondary"
            size="small"
            disabled={view.page >= view.pages}
            onClick={() => onPage(view.page + 1)}
          >
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}

/** The rows, or what stands for them: the skeleton, the failure, no entries. */
function ActivityBody(props: {
  view: AuditView;
  table: TableActor;
  onRetry: () => void;
  onToggle: (key: string) => void;
  onClear: () => void;
}) {
  const { view } = props;
  const { body } = useSelector(props.table, tableView, sameView);
  if (view.status === 'loading') return <ActivitySkeleton />;
  if (view.status === 'failed') return <ErrorState onRefresh={props.onRetry} />;
  if (body === 'empty') {
    const filtered = hasFilters(view.search);
    return (
      <EmptyState
        headingLevel={3}
        icon={<HistoryIcon size={26} />}
        title={filtered ? 'No activity matches these filters' : 'No activity yet'}
        text={
          filtered
            ? 'Try a longer period, or clear the filters to see every change.'
            : 'Every change to your workspace, sign-in and export will be listed here.'
        }
        action={
          filtered && (
            <Button variant="secondary" onClick={props.onClear}>
              Clear filters
            </Button>
          )
        }
      />
    );
  }
  return (
    <ActivityTable
      rows={view.rows}
      timezone={view.timezone}
      stale={view.stale}
      onToggle={props.onToggle}
    />
  );
}

/** Settings → Activity: the audit log, its filters in the URL, and its CSV export. */
export function ActivityTab({ machine, search, onSearch }: ActivityTabProps) {
  const actor = useActorRef(machine, { input: { search } });
  // The machine follows the URL: each new search is a SEARCH, which loads only what changed.
  useEffect(() => {
    actor.send({ type: 'SEARCH', search });
  }, [actor, search]);
  const view = useSelector(actor, auditView, sameView);
  const onFilters = (change: Filters) => onSearch(withFilters(search, change));

  const exportButton = (
    <Button
      variant="secondary"
      icon={<DownloadIcon size={16} />}
      busy={view.exporting}
      busyLabel="Exporting..."
      onClick={() => actor.send({ type: 'EXPORT_CSV' })}
    >
      Export CSV
    </Button>
  );

  return (
    <>
      <PageHeader
        level={2}
        title="Activity"
        subtitle="Who changed what in your workspace, when, and from where."
        actions={exportButton}
      />
      <Card>
        <ActivityFilters search={search} onFilters={onFilters} />
        {view.table && (
          <ActivityBody
            view={view}
            table={view.table}
            onRetry={() => actor.send({ type: 'RETRY' })}
            onToggle={(key) => actor.send({ type: 'TOGGLE_ENTRY', key })}
            onClear={() => onFilters(NO_FILTERS)}
          />
        )}
        {view.status === 'ready' && (
          <Pager view={view} onPage={(page) => onSearch(withPage(search, page))} />
        )}
      </Card>
    </>
  );
}
