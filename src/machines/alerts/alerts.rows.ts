import type { Alert } from '@/api/types';
import { ALERT_LIMIT_MESSAGE } from '@common/limits';
import { formatMoment } from '@/domain/dates';
import type { ToastOptions } from '@/stores/toast-store';
import { searchText, type TableRow } from '../shared/table.view';

/** The sortable columns of the alerts table; Status does not sort. */
export type AlertColumn = 'name' | 'created_by' | 'last_triggered';

/** Until the engine first fires an alert, its Last triggered reads Never. */
const NEVER_TRIGGERED = 'Never';

export const lastTriggeredText = (alert: Alert) =>
  alert.last_triggered === null ? NEVER_TRIGGERED : formatMoment(alert.last_triggered);

export function alertRow(alert: Alert): TableRow {
  return {
    key: String(alert.id),
    selectable: true,
    // Search by alert name (the search box's placeholder).
    text: searchText(alert.name),
    sort: {
      name: alert.name,
      created_by: alert.created_by,
      // ISO moments order as text; Never (empty) comes first when ascending.
      last_triggered: alert.last_triggered ?? '',
    } satisfies Record<AlertColumn, string | number>,
  };
}

const success = (title: string): ToastOptions => ({ title, variant: 'success' });

// The toasts' texts, as the product writes them.
export const ALERT_CREATED_TOAST = success('New alert created');
export const ALERT_UPDATED_TOAST = success('Your alert has been updated');
export const ALERT_PAUSED_TOAST = success('Your alert has been paused');
export const ALERT_RESUMED_TOAST = success('Your alert has been resumed');
export const alertsRemovedToast = (count: number) =>
  success(count === 1 ? 'Your alert has been removed' : 'Your alerts have been removed');
export const ALERT_LIMIT_TOAST: ToastOptions = {
  title: ALERT_LIMIT_MESSAGE,
  variant: 'error',
};
