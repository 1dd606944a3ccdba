import type { ReportQueued, ReportSubscription } from '@/api/types';
import { plural } from '@/domain/text';
import { FREQUENCY_TEXTS, formatPeriod } from '@common/reports';
import { TOAST_LONG_DURATION_MS, type ToastOptions } from '@/stores/toast-store';
import { searchText, type TableRow } from '../shared/table.view';

/** The sortable columns of the reports table. */
export type ReportColumn = 'recipient' | 'frequency' | 'next' | 'lastSent';

/** What a report covers, in a few words. */
export function coverage(subscription: ReportSubscription): string {
  if (subscription.mailboxes.length > 0) return subscription.mailboxes.join(', ');
  if (subscription.teams.length > 0) return subscription.teams.map((team) => team.name).join(', ');
  return subscription.role === 'admin' ? 'All mailboxes' : 'All they can see';
}

export function reportRow(subscription: ReportSubscription): TableRow {
  return {
    key: String(subscription.id),
    selectable: true,
    text: searchText(
      subscription.email,
      subscription.full_name,
      FREQUENCY_TEXTS[subscription.frequency].label,
      coverage(subscription),
    ),
    sort: {
      recipient: subscription.email,
      frequency: ['daily', 'weekly', 'monthly'].indexOf(subscription.frequency),
      next: subscription.next_due,
      lastSent: subscription.last_sent ?? '',
    } satisfies Record<ReportColumn, string | number>,
  };
}

const success = (title: string, description: string): ToastOptions => ({
  title,
  description,
  variant: 'success',
  duration: TOAST_LONG_DURATION_MS,
});

export const reportSavedToast = (created: boolean) =>
  created
    ? success('Report scheduled', 'The first one arrives at its next send time, at 08:00.')
    : success('Report updated', 'The next report follows the new settings.');

export const reportsRemovedToast = (count: number) =>
  success(`${plural(count, 'Report')} removed`, 'No more of these will be sent.');

export const reportSentToast = (queued: ReportQueued) =>
  success(
    'Report on its way',
    `The report for ${formatPeriod(queued.period.from, queued.period.to)} is being sent to ${queued.to}.`,
  );
