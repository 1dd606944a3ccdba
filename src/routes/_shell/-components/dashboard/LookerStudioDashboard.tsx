import type { Dashboard } from '@/api/types';
import { buttonClassName } from '@/ui/Button';
import { ExternalLinkIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import { useSignedInUser } from '@/app-context';
import { EmailReportControl } from './reports/EmailReportControl';
import { DASHBOARD_SUBTITLE, DASHBOARD_TITLE } from './dashboard-texts';

// What the Looker Studio report may do inside the frame: run, keep its session, open its own
// links in new tabs, and ask for storage access when the user interacts.
const LOOKER_SANDBOX =
  'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-storage-access-by-user-activation';

export function LookerStudioDashboard({ dashboard }: { dashboard: Dashboard }) {
  const reports = useSignedInUser().features.reports.enabled;
  return (
    <div className="dashboard-page">
      <PageHeader
        title={DASHBOARD_TITLE}
        subtitle={DASHBOARD_SUBTITLE}
        actions={
          <>
            {reports && <EmailReportControl />}
            {dashboard.dashboard_url && (
              <a
                className={buttonClassName()}
                href={dashboard.dashboard_url}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open in Looker Studio
                <ExternalLinkIcon size={16} />
              </a>
            )}
          </>
        }
      />
      <div className="dashboard-frame">
        <iframe
          src={dashboard.dashboard_embedded_url ?? undefined}
          title={dashboard.name ? `${dashboard.name} (Looker Studio)` : 'Looker Studio dashboard'}
          sandbox={LOOKER_SANDBOX}
          allowFullScreen
        />
      </div>
    </div>
  );
}
