import { lazy, Suspense, useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ApiClient } from '@/api/client';
import type { DashboardFilters, StatsBreakdownRow } from '@/api/types';
import { useSignedInUser } from '@/app-context';
import { localToday, type DashboardSearch } from '@/domain/dashboard-search';
import { createNativeDashboardMachine } from '@/machines/native-dashboard/native-dashboard.machine';
import { nativeDashboardView } from '@/machines/native-dashboard/native-dashboard.view';
import { sameView } from '@/machines/shared/same-view';
import { ErrorState } from '@/ui/ErrorState';
import { Card, Page, PageHeader } from '@/ui/Page';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from '../dashboard-texts';
import { BreakdownTable } from './BreakdownTable';
import { FilterBar } from './FilterBar';
import { Heatmap } from './Heatmap';
import { KpiSkeleton, KpiTiles } from './KpiTiles';
import { EmailReportControl } from '../reports/EmailReportControl';
import { Segmented } from './Segmented';
import { UnrepliedList } from './UnrepliedList';
import './NativeDashboard.css';

// uPlot and the charts load after the tiles, in their own chunk.
const Charts = lazy(() => import('./Charts').then((module) => ({ default: module.Charts })));
// Shown only while a workspace's first sync runs: most loads never need it.
const FirstSync = lazy(() =>
  import('./FirstSync').then((module) => ({ default: module.FirstSync })),
);

const TIME_OPTIONS = [
  { value: 'business', label: 'Business time' },
  { value: 'calendar', label: 'Calendar time' },
] as const;

const GRANULARITY_OPTIONS = [
  { value: 'day', label: 'By day' },
  { value: 'week', label: 'By week' },
] as const;

/** The search params a breakdown row stands for; none for a domain (the API has no such filter). */
function rowFilter(
  search: DashboardSearch,
  row: StatsBreakdownRow,
  choices: DashboardFilters,
): DashboardSearch | null {
  const by = search.by ?? 'mailbox';
  if (by === 'mailbox') return { ...search, mailboxes: row.key };
  if (by === 'contact_group') return { ...search, contact_groups: row.key };
  const team = by === 'team' ? choices.teams.find((t) => t.name === row.key) : undefined;
  return team ? { ...search, teams: String(team.team_id) } : null;
}

interface NativeDashboardProps {
  /** The client the dashboard's machine fetches the figures with. */
  client: ApiClient;
  /** The route's validated search: the filters and views the URL holds. */
  search: DashboardSearch;
  onSearch: (search: DashboardSearch) => void;
}

/** Mailpulse's own dashboard: tiles, charts, breakdown and the unreplied list for the filters. */
export function NativeDashboard({ client, search: routeSearch, onSearch }: NativeDashboardProps) {
  const user = useSignedInUser();
  const [machine] = useState(() => createNativeDashboardMachine(client));
  const actor = useActorRef(machine, {
    input: {
      search: routeSearch,
      today: localToday(new Date()),
      canFilterMailboxes: user.role !== 'viewer',
    },
  });
  // The machine follows the URL: each new search is a SEARCH, which asks only for what changed.
  useEffect(() => {
    actor.send({ type: 'SEARCH', search: routeSearch });
  }, [actor, routeSearch]);
  const view = useSelector(actor, nativeDashboardView, sameView);
  const { phase, search, choices, figures } = view;
  const time = search.time ?? 'business';
  const by = search.by ?? 'mailbox';

  const header = (
    <PageHeader
      title={DASHBOARD_TITLE}
      subtitle={DASHBOARD_SUBTITLE}
      actions={
        <>
          {user.features.reports.enabled && <EmailReportControl />}
          <Segmented
            label="Time basis"
            options={TIME_OPTIONS}
            value={time}
            onChange={(value) => onSearch({ ...search, time: value })}
          />
        </>
      }
    />
  );
  if (phase === 'startFailed' || (phase === 'failed' && !figures)) {
    return (
      <Page>
        {header}
        <Card>
          <ErrorState onRefresh={() => actor.send({ type: 'RETRY' })} />
        </Card>
      </Page>
    );
  }
  const noMail = figures && figures.summary.received === 0 && figures.summary.sent === 0;
  return (
    <Page>
      {header}
      {choices && (
        <FilterBar
          search={search}
          range={view.range}
          today={view.today}
          choices={choices}
          canFilterMailboxes={view.canFilterMailboxes}
          onSearch={onSearch}
        />
      )}
      {phase === 'failed' && (
        <div className="dash-banner" role="alert">
          These figures could not be updated.
          <button
            type="button"
            className="link-button"
            onClick={() => actor.send({ type: 'RETRY' })}
          >
            Try again
          </button>
        </div>
      )}
      {!figures ? (
        <KpiSkeleton />
      ) : (
        <div className={`dash-body${view.stale ? ' is-stale' : ''}`} aria-busy={view.stale}>
          {noMail && choices && (
            <Suspense fallback={null}>
              <FirstSync mailboxes={choices.mailboxes} />
            </Suspense>
          )}
          <KpiTiles summary={figures.summary} previous={figures.previous} time={time} />
          <div className="dash-toolbar">
            <Segmented
              label="Chart period"
              options={GRANULARITY_OPTIONS}
              value={figures.request.granularity}
              onChange={(value) => onSearch({ ...search, granularity: value })}
            />
          </div>
          <div className="dash-grid">
            <Suspense fallback={<div className="dash-card dash-chart-placeholder" />}>
              <Charts
                series={figures.timeseries}
                distribution={figures.distribution}
                time={figures.request.time}
              />
            </Suspense>
            <Heatmap heatmap={figures.heatmap} />
          </div>
          <BreakdownTable
            breakdown={figures.breakdown}
            by={by}
            time={time}
            onBy={(value) => onSearch({ ...search, by: value })}
            onRow={
              by === 'domain' || !choices
                ? undefined
                : (row) => {
                    const next = rowFilter(search, row, choices);
                    if (next) onSearch(next);
                  }
            }
            onExport={() => actor.send({ type: 'EXPORT_CSV', file: 'breakdown' })}
            exporting={view.exporting === 'breakdown'}
          />
        </div>
      )}
      {view.unreplied && (
        <UnrepliedList
          list={view.unreplied}
          client={client}
          onExport={
            view.figures ? () => actor.send({ type: 'EXPORT_CSV', file: 'requests' }) : undefined
          }
          exporting={view.exporting === 'requests'}
        />
      )}
    </Page>
  );
}
