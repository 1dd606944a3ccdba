import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { ApiClient } from '@/api/client';
import { supportMailto } from '@/config';
import type { DashboardSearch } from '@/domain/dashboard-search';
import type { DashboardActor } from '@/machines/dashboard/dashboard.machine';
import { dashboardView } from '@/machines/dashboard/dashboard.view';
import { sameView } from '@/machines/shared/same-view';
import { buttonClassName } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { DashboardIcon } from '@/ui/icons';
import { Card, Page, PageHeader } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from './dashboard-texts';
import { NativeSkeleton } from './native/NativeSkeleton';
import './DashboardPage.css';

// Each platform loads its own code: the native screens and charts, Superset's SDK, Looker's frame.
const NativeDashboard = lazy(() =>
  import('./native/NativeDashboard').then((module) => ({ default: module.NativeDashboard })),
);
const SupersetDashboard = lazy(() =>
  import('./SupersetDashboard').then((module) => ({ default: module.SupersetDashboard })),
);
const LookerStudioDashboard = lazy(() =>
  import('./LookerStudioDashboard').then((module) => ({ default: module.LookerStudioDashboard })),
);

function DashboardLoading() {
  return (
    <div className="dashboard-status">
      <Spinner label="Loading your dashboard" />
    </div>
  );
}

function DashboardNotReady() {
  return (
    <EmptyState
      icon={<DashboardIcon size={26} />}
      title="Your dashboard will be ready soon"
      text="We're preparing the email statistics of your mailboxes. Your account manager can tell you when they will be ready."
      action={
        <a href={supportMailto()} className={buttonClassName()}>
          Contact your Account Manager
        </a>
      }
    />
  );
}

/** The default view (a stable object: the native dashboard follows the search's identity). */
const NO_SEARCH: DashboardSearch = {};

interface DashboardPageProps {
  dashboard: DashboardActor;
  /** The client the native dashboard and Superset's guest tokens use. */
  client: ApiClient;
  /** The native dashboard's view, from the URL. */
  search?: DashboardSearch;
  onSearch?: (search: DashboardSearch) => void;
}

/** The home dashboard: one view per state of the dashboard machine. */
export function DashboardPage({
  dashboard,
  client,
  search = NO_SEARCH,
  onSearch = () => undefined,
}: DashboardPageProps) {
  const { screen, dashboard: data } = useSelector(dashboard, dashboardView, sameView);

  if (screen === 'lookerStudio' && data) {
    return (
      <Suspense fallback={<DashboardLoading />}>
        <LookerStudioDashboard dashboard={data} />
      </Suspense>
    );
  }
  if (screen === 'superset' && data) {
    return (
      <Suspense fallback={<DashboardLoading />}>
        <SupersetDashboard dashboard={data} client={client} />
      </Suspense>
    );
  }
  if (screen === 'native') {
    return (
      <Suspense fallback={<NativeSkeleton />}>
        <NativeDashboard client={client} search={search} onSearch={onSearch} />
      </Suspense>
    );
  }
  if (screen === 'loading') return <DashboardLoading />;
  return (
    <Page>
      <PageHeader title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} />
      <Card>
        {screen === 'failed' ? (
          <ErrorState onRefresh={() => dashboard.send({ type: 'RETRY' })} />
        ) : (
          <DashboardNotReady />
        )}
      </Card>
    </Page>
  );
}
