import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { api } from '@/api/client';
import type { DashboardFilters, StatsBreakdownRow } from '@/api/types';
import {
  localToday,
  previousRange,
  rangeOf,
  statsQuery,
  type DashboardSearch,
} from '@/domain/dashboard-search';
import {
  fetchBreakdownCsv,
  type FiguresRequest,
} from '@/machines/native-dashboard/native-dashboard.actors';
import { nativeDashboardMachine } from '@/machines/native-dashboard/native-dashboard.machine';
import {
  selectChoices,
  selectDashboardPhase,
  selectFigures,
  selectIsStale,
  selectUnrepliedFailed,
  selectUnrepliedLoading,
  selectUnrepliedPage,
} from '@/machines/native-dashboard/native-dashboard.view';
import { unrepliedMachine } from '@/machines/native-dashboard/unreplied.machine';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { ErrorState } from '@/ui/ErrorState';
import { Card, Page, PageHeader } from '@/ui/Page';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from '../dashboard-texts';
import { BreakdownTable } from './BreakdownTable';
import { FilterBar } from './FilterBar';
import { Heatmap } from './Heatmap';
import { KpiSkeleton, KpiTiles } from './KpiTiles';
import { EmailReportControl } from '../reports/EmailReportControl';
import { FirstSync } from './FirstSync';
import { Segmented } from './Segmented';
import { UnrepliedList } from './UnrepliedList';
import './NativeDashboard.css';

// uPlot and the charts load after the tiles, in their own chunk.
const Charts = lazy(() => import('./Charts').then((module) => ({ default: module.Charts })));

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

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

interface NativeDashboardProps {
  search: DashboardSearch;
  onSearch: (search: DashboardSearch) => void;
}

/** Mailpulse's own dashboard: tiles, charts, breakdown and the unreplied list for the filters. */
export function NativeDashboard({ search, onSearch }: NativeDashboardProps) {
  const user = useSignedInUser();
  const dashboard = useActorRef(nativeDashboardMachine);
  const unreplied = useActorRef(unrepliedMachine);
  const phase = useSelector(dashboard, selectDashboardPhase);
  const choices = useSelector(dashboard, selectChoices);
  const figures = useSelector(dashboard, selectFigures);
  const stale = useSelector(dashboard, selectIsStale);
  const unrepliedPage = useSelector(unreplied, selectUnrepliedPage);
  const unrepliedLoading = useSelector(unreplied, selectUnrepliedLoading);
  const unrepliedFailed = useSelector(unreplied, selectUnrepliedFailed);
  const [exporting, setExporting] = useState(false);
  const today = useMemo(() => localToday(new Date()), []);
  const range = rangeOf(search, today);
  const time = search.time ?? 'business';
  const by = search.by ?? 'mailbox';
  const canFilterMailboxes = user.role !== 'viewer';

  const request: FiguresRequest | null = choices && {
    query: statsQuery(search, choices, range, canFilterMailboxes),
    previous: previousRange(range),
    by,
    granularity: search.granularity ?? 'day',
    time,
  };
  const requestKey = JSON.stringify(request);
  const queryKey = JSON.stringify(request?.query);
  // The unreplied list's page belongs to its query: new filters start at page 1.
  const [paging, setPaging] = useState({ queryKey, page: 1 });
  const page = paging.queryKey === queryKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ queryKey, page: next });
  useEffect(() => {
    if (request) dashboard.send({ type: 'REQUEST', request });
    // The key stands for the request: a new object with the same content asks for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);
  useEffect(() => {
    if (request) unreplied.send({ type: 'SHOW', request: { query: request.query, page } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey, page]);

  const exportCsv = () => {
    if (!request) return;
    setExporting(true);
    void fetchBreakdownCsv(api, request.query, by)
      .then((blob) =>
        download(blob, `mailpulse-${by}-${request.query.from}-${request.query.to}.csv`),
      )
      .finally(() => setExporting(false));
  };

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
          <ErrorState onRefresh={() => dashboard.send({ type: 'RETRY' })} />
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
          range={range}
          today={today}
          choices={choices}
          canFilterMailboxes={canFilterMailboxes}
          onSearch={onSearch}
        />
      )}
      {phase === 'failed' && (
        <div className="dash-banner" role="alert">
          These figures could not be updated.
          <button
            type="button"
            className="link-button"
            onClick={() => dashboard.send({ type: 'RETRY' })}
          >
            Try again
          </button>
        </div>
      )}
      {!figures ? (
        <KpiSkeleton />
      ) : (
        <div className={`dash-body${stale ? ' is-stale' : ''}`} aria-busy={stale}>
          {noMail && choices && <FirstSync mailboxes={choices.mailboxes} />}
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
            onExport={exportCsv}
            exporting={exporting}
          />
        </div>
      )}
      <UnrepliedList
        page={unrepliedPage}
        loading={unrepliedLoading}
        failed={unrepliedFailed}
        onPage={setPage}
        onRetry={() => unreplied.send({ type: 'RETRY' })}
      />
    </Page>
  );
}
