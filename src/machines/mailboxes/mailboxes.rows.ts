import type { BhsStatus, Mailbox, MailboxStatus } from '@/api/types';
import { formatDay } from '@/domain/dates';
import { plural } from '@/domain/text';
import { TOAST_LONG_DURATION_MS, type ToastOptions } from '@/stores/toast-store';
import { DASHBOARD_TOMORROW } from '../shared/save-toasts';
import { searchText, type TableRow } from '../shared/table.view';

/** The API's business-hours modes and statuses as the table shows them. */
export const BHS_LABELS: Record<BhsStatus, string> = {
  Company: 'Company',
  Custom: 'Custom',
  Ignore: 'Ignored',
};

export const STATUS_LABELS: Record<MailboxStatus, string> = {
  working: 'Active',
  loading_data: 'Loading data',
  sync_error: 'Error',
};

/** The sortable columns of the mailboxes table. */
export type MailboxColumn = 'email' | 'name' | 'hours' | 'added' | 'status';

export function mailboxRow(mailbox: Mailbox): TableRow {
  const hours = BHS_LABELS[mailbox.bhs_status];
  const status = STATUS_LABELS[mailbox.status];
  return {
    key: mailbox.email,
    selectable: true,
    text: searchText(mailbox.email, mailbox.full_name, hours, status, formatDay(mailbox.data_from)),
    sort: {
      email: mailbox.email,
      name: mailbox.full_name,
      hours,
      added: mailbox.data_from,
      status,
    } satisfies Record<MailboxColumn, string>,
  };
}

/** `Mailbox removed` / `Mailboxes removed`, 10 s, with the next-day note. */
export function mailboxesRemovedToast(count: number): ToastOptions {
  return {
    title: `${plural(count, 'Mailbox', 'Mailboxes')} removed`,
    description: DASHBOARD_TOMORROW,
    variant: 'success',
    duration: TOAST_LONG_DURATION_MS,
  };
}
