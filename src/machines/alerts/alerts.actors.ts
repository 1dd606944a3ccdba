import type { Alert, Mailbox } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { alertBody, type AlertDraft } from './alerts.draft';
import { fetchTrackedMailboxes } from '../mailboxes/mailboxes.actors';
import type { SaveInput } from '../shared/modal-save.machine';

/** The alerts page's lists: the alerts, and the tracked mailboxes they may watch. */
export interface AlertsData {
  alerts: Alert[];
  mailboxes: Mailbox[];
  /** False while the server has no SMTP server: alert emails wait in its outbox. */
  emailDelivery: boolean;
}

/** What the delete-confirmation modal of the alerts page deletes. */
export interface RemoveAlertsDraft {
  ids: number[];
  names: string[];
}

export interface AlertActiveInput {
  alertId: number;
  isActive: boolean;
}

export function createAlertsActors(client: ApiClient) {
  return {
    loadAlertsData: fromPromise<AlertsData, { features: Features }>(async ({ input, signal }) => {
      const [alerts, mailboxes] = await Promise.all([
        expectData(client.GET('/portal/api/alerts/', { signal })),
        fetchTrackedMailboxes(client, input.features, signal),
      ]);
      return { alerts: alerts.alerts, mailboxes, emailDelivery: alerts.email_delivery };
    }),

    /** Editing fetches the single alert first. */
    loadAlert: fromPromise<Alert, { alertId: number }>(({ input, signal }) =>
      expectData(
        client.GET('/portal/api/alerts/{id}', { params: { path: { id: input.alertId } }, signal }),
      ),
    ),

    /** Creates an alert (POST) or replaces one (PATCH with its whole body). */
    saveAlert: fromPromise<void, SaveInput<AlertDraft>>(async ({ input: { draft } }) => {
      const body = alertBody(draft);
      if (draft.id === null) {
        await expectData(client.POST('/portal/api/alerts/', { body }));
      } else {
        await expectData(
          client.PATCH('/portal/api/alerts/{id}', { params: { path: { id: draft.id } }, body }),
        );
      }
    }),

    removeAlerts: fromPromise<void, SaveInput<RemoveAlertsDraft>>(async ({ input }) => {
      await expectData(client.DELETE('/portal/api/alerts/', { body: { alerts: input.draft.ids } }));
    }),

    /** Pause (`is_active: false`) or resume (`true`) one alert. */
    setAlertActive: fromPromise<void, AlertActiveInput>(async ({ input }) => {
      await expectData(
        client.PATCH('/portal/api/alerts/{id}', {
          params: { path: { id: input.alertId } },
          body: { alert: { is_active: input.isActive } },
        }),
      );
    }),
  };
}
