import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { supportMailto } from '@/config';
import type { DashboardSearch } from '@/domain/dashboard-search';
import type { DashboardActor } from '@/machines/dashboard/dashboard.machine';
import {
  supersetEmbedMachine,
  type SupersetEmbedMachine,
} from '@/machines/superset-embed/superset-embed.machine';
import { buttonClassName } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { DashboardIcon } from '@/ui/icons';
import { Card, Page, PageHeader } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from './dashboard-texts';
import { LookerStudioDashboard } from './LookerStudioDashboard';
import { SupersetDashboard } from './SupersetDashboard';
import { NativeSkeleton } from './native/NativeSkeleton';
import './DashboardPage.css';

// Only a native dashboard loads its screens and charts.
const NativeDashboard = lazy(() =>
  import('./native/NativeDashboard').then((module) => ({ default: module.NativeDashboard })),
);

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

interface DashboardPageProps {
  dashboard: DashboardActor;
  /** The Superset embedding flow; tests pass one with a stand-in guest-token call. */
  embedMachine?: SupersetEmbedMachine;
  /** The native dashboard's view, from the URL. */
  search?: DashboardSearch;
  onSearch?: (search: DashboardSearch) => void;
}

/** The home dashboard: one view per state of the dashboard machine. */
export function DashboardPage({
  dashboard,
  embedMachine = supersetEmbedMachine,
  search = {},
  onSearch = () => undefined,
}: DashboardPageProps) {
  const state = useSelector(dashboard, (snapshot) => snapshot.value);
  const data = useSelector(dashboard, (snapshot) => snapshot.context.dashboard);

  if (state === 'lookerStudio' && data) return <LookerStudioDashboard dashboard={data} />;
  if (state === 'superset' && data) {
    return <SupersetDashboard dashboard={data} machine={embedMachine} />;
  }
  if (state === 'native') {
    return (
      <Suspense fallback={<NativeSkeleton />}>
        <NativeDashboard search={search} onSearch={onSearch} />
      </Suspense>
    );
  }
  if (state === 'idle' || state === 'loading' || state === 'choosingPlatform') {
    return (
      <div className="dashboard-status">
        <Spinner label="Loading your dashboard" />
      </div>
    );
  }
  return (
    <Page>
      <PageHeader title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} />
      <Card>
        {state === 'failed' ? (
          <ErrorState onRefresh={() => dashboard.send({ type: 'RETRY' })} />
        ) : (
          <DashboardNotReady />
        )}
      </Card>
    </Page>
  );
}
