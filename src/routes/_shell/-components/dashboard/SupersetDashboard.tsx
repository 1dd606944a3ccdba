import type { Dashboard } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { ApiClient } from '@/api/client';
import { sameView } from '@/machines/shared/same-view';
import { createSupersetEmbedMachine } from '@/machines/superset-embed/superset-embed.machine';
import { supersetEmbedView } from '@/machines/superset-embed/superset-embed.view';
import { AlertCircleIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import { Spinner } from '@/ui/Spinner';
import { DASHBOARD_TITLE } from './dashboard-texts';

const SUPERSET_EMBED_ERROR = 'Error embedding Superset dashboard. Check console.';

interface SupersetDashboardProps {
  dashboard: Dashboard;
  /** The client that asks our server for guest tokens. */
  client: ApiClient;
}

/**
 * The Superset dashboard, embedded by uuid. Superset draws its own title, so ours stays for
 * screen readers only, unless the embedding failed.
 */
export function SupersetDashboard({ dashboard, client }: SupersetDashboardProps) {
  const [machine] = useState(() => createSupersetEmbedMachine(client));
  const actor = useActorRef(machine, {
    input: {
      dashboardUuid: dashboard.dashboard_uuid,
      // The server builds the embed URL from the Superset it takes guest tokens from; the
      // dashboard's own link is optional and may live elsewhere.
      dashboardUrl: dashboard.dashboard_embedded_url ?? dashboard.dashboard_url,
    },
  });
  // The SDK needs a real element to put its frame in: hand it over once React has made it.
  const mountPoint = useCallback(
    (element: HTMLDivElement | null) => {
      if (element) actor.send({ type: 'MOUNTED', mountPoint: element });
    },
    [actor],
  );
  const { failed, embedding } = useSelector(actor, supersetEmbedView, sameView);
  return (
    // The frame gets the edge-to-edge layout; the failure reads like any other page.
    <div className={failed ? 'dashboard-page' : 'dashboard-page dashboard-page-superset'}>
      {failed ? (
        <>
          <PageHeader title={DASHBOARD_TITLE} />
          <p className="dashboard-embed-error" role="alert">
            <AlertCircleIcon size={18} />
            {SUPERSET_EMBED_ERROR}
          </p>
        </>
      ) : (
        <h1 className="visually-hidden">{DASHBOARD_TITLE}</h1>
      )}
      <div className="dashboard-frame-holder" hidden={failed}>
        <div ref={mountPoint} className="dashboard-frame" />
        {embedding && (
          <div className="dashboard-embed-loading">
            <Spinner label="Loading your dashboard" />
          </div>
        )}
      </div>
    </div>
  );
}
