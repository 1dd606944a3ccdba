import { Page, PageHeader } from '@/ui/Page';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from '../dashboard-texts';
import { KpiSkeleton } from './KpiTiles';
import './NativeDashboard.css';

/** The page's shape before anything arrives: skeleton tiles, not a blank page. */
export function NativeSkeleton() {
  return (
    <Page>
      <PageHeader title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} />
      <KpiSkeleton />
    </Page>
  );
}
