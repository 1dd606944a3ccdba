import type { Alert } from '@/api/types';
import { useMemo, useSyncExternalStore } from 'react';
import type { AlertToggleActor } from '@/machines/alerts/alert-toggle.machine';
import { alertItemsStore, type AlertItem } from '@/machines/alerts/alerts.view';

/** The table's items by alert id, following every alert's pause/resume toggle. */
export function useAlertItems(
  alerts: readonly Alert[],
  toggles: Readonly<Record<string, AlertToggleActor>>,
): ReadonlyMap<string, AlertItem> {
  const store = useMemo(() => alertItemsStore(alerts, toggles), [alerts, toggles]);
  return useSyncExternalStore(store.subscribe, store.read);
}
