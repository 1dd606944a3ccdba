import type { Alert } from '@/api/types';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  toggleStatus,
  type AlertToggleActor,
  type AlertToggleStatus,
} from '@/machines/alertToggle.machine';

/** One row of the alerts table: the alert, and its pause/resume machine and where it is. */
export interface AlertItem {
  alert: Alert;
  toggle: AlertToggleActor;
  status: AlertToggleStatus;
}

type Toggles = Readonly<Record<string, AlertToggleActor>>;

const STATUSES: readonly AlertToggleStatus[] = ['active', 'pausing', 'paused', 'resuming'];

/** Every toggle's status in one string (`12:active 13:paused`): equal strings, no re-render. */
const statusLine = (toggles: Toggles) =>
  Object.entries(toggles)
    .map(([key, toggle]) => `${key}:${toggleStatus(toggle.getSnapshot())}`)
    .join(' ');

function parseStatusLine(line: string): Map<string, AlertToggleStatus> {
  const statuses = new Map<string, AlertToggleStatus>();
  for (const entry of line.split(' ')) {
    const [key = '', name] = entry.split(':');
    const status = STATUSES.find((candidate) => candidate === name);
    if (status) statuses.set(key, status);
  }
  return statuses;
}

/**
 * The table's items by alert id. The toggles live in the alerts machine (rows are windowed, so
 * a row's component comes and goes); this follows all of them for the Status column and menus.
 */
export function useAlertItems(
  alerts: readonly Alert[],
  toggles: Toggles,
): ReadonlyMap<string, AlertItem> {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscriptions = Object.values(toggles).map((toggle) => toggle.subscribe(onChange));
      return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
    },
    [toggles],
  );
  const line = useSyncExternalStore(subscribe, () => statusLine(toggles));
  return useMemo(() => {
    const statuses = parseStatusLine(line);
    const items = new Map<string, AlertItem>();
    for (const alert of alerts) {
      const key = String(alert.id);
      const toggle = toggles[key];
      const status = statuses.get(key);
      if (toggle && status) items.set(key, { alert, toggle, status });
    }
    return items;
  }, [alerts, toggles, line]);
}
