import type { Alert } from '@/api/types';
import type { SnapshotFrom } from 'xstate';
import { loadStatus } from '../shared/load-status.view';
import type { AlertToggleActor, AlertToggleSnapshot } from './alert-toggle.machine';
import type { AlertsMachine } from './alerts.machine';

// What the alerts page reads from its machines: the list, the modals, and each row's alert with
// its pause/resume toggle and where that toggle is.

/** What the alerts page shows of a snapshot of its machine. */
export function alertsView(snapshot: SnapshotFrom<AlertsMachine>) {
  const { context, children } = snapshot;
  return {
    status: loadStatus(snapshot),
    alerts: context.alerts,
    toggles: context.toggles,
    /** The tracked mailboxes an alert can watch. */
    mailboxes: context.mailboxes,
    /** False while the server has no SMTP server: alert emails wait in its outbox. */
    emailDelivery: context.emailDelivery,
    editor: children.editor,
    /** The alert being edited is still loading: the modal shows its loading state. */
    fetching: snapshot.matches({ ready: { opener: 'fetching' } }),
    remover: children.remover,
  };
}

export type AlertToggleStatus = 'active' | 'pausing' | 'paused' | 'resuming';

/** Where a toggle rests (`starting` is left at once). */
function toggleStatus(snapshot: AlertToggleSnapshot): AlertToggleStatus {
  if (snapshot.matches('pausing')) return 'pausing';
  if (snapshot.matches('paused')) return 'paused';
  if (snapshot.matches('resuming')) return 'resuming';
  return 'active';
}

/** One row of the alerts table: the alert, and its pause/resume machine and where it is. */
export interface AlertItem {
  alert: Alert;
  toggle: AlertToggleActor;
  status: AlertToggleStatus;
}

type Toggles = Readonly<Record<string, AlertToggleActor>>;

/** The table's items by alert id, as the toggles are now; an alert without a toggle is left out. */
function alertItems(alerts: readonly Alert[], toggles: Toggles) {
  const items = new Map<string, AlertItem>();
  for (const alert of alerts) {
    const key = String(alert.id);
    const toggle = toggles[key];
    if (toggle) items.set(key, { alert, toggle, status: toggleStatus(toggle.getSnapshot()) });
  }
  return items;
}

const sameItems = (a: ReadonlyMap<string, AlertItem>, b: ReadonlyMap<string, AlertItem>) =>
  a.size === b.size &&
  [...a].every(([key, item]) => {
    const other = b.get(key);
    return other?.alert === item.alert && other.status === item.status;
  });

/**
 * A store of the items that follows every toggle (rows are windowed, so a row's component
 * comes and goes): `read` returns the same map until a status changes, so nothing re-renders
 * for a toggle event that changes no row.
 */
export function alertItemsStore(alerts: readonly Alert[], toggles: Toggles) {
  let items = alertItems(alerts, toggles);
  return {
    subscribe: (onChange: () => void) => {
      const subscriptions = Object.values(toggles).map((toggle) => toggle.subscribe(onChange));
      return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
    },
    read: (): ReadonlyMap<string, AlertItem> => {
      const next = alertItems(alerts, toggles);
      if (!sameItems(items, next)) items = next;
      return items;
    },
  };
}
