import { plural } from '@/domain/text';
import { lastTriggeredText, type AlertColumn } from '@/machines/alerts/alerts.rows';
import { Badge, type BadgeTone } from '@/ui/Badge';
import type { Column } from '@/ui/table/table-types';
import type { AlertItem, AlertToggleStatus } from '@/machines/alerts/alerts.view';
import { TruncatedText } from '@/ui/TruncatedText';

const STATUS_BADGES: Record<AlertToggleStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pausing: { label: 'Pausing...', tone: 'neutral' },
  paused: { label: 'Paused', tone: 'warning' },
  resuming: { label: 'Resuming...', tone: 'neutral' },
};

/** `2 hours`, or minutes for a gap that is not whole hours. */
function gapText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} ${plural(minutes, 'minute')}`;
  const hours = minutes / 60;
  return `${hours} ${plural(hours, 'hour')}`;
}

/** What an alert watches, under its name: `No reply within 2 hours · 2 mailboxes`. */
function alertSummary({ alert }: AlertItem): string {
  const count = alert.mailboxes.length;
  return `No reply within ${gapText(alert.minutes_gap)} · ${count} ${plural(count, 'mailbox', 'mailboxes')}`;
}

/** Name, Created by, Last triggered and Status; Status does not sort. */
export const ALERT_COLUMNS: readonly (Column<AlertItem> & { id: AlertColumn | 'status' })[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    width: '32%',
    render: (item) => (
      <>
        <TruncatedText className="table-primary">{item.alert.name}</TruncatedText>
        <TruncatedText className="table-secondary">{alertSummary(item)}</TruncatedText>
      </>
    ),
  },
  {
    id: 'created_by',
    header: 'Created by',
    sortable: true,
    minor: true,
    render: ({ alert }) => (
      <TruncatedText className="table-muted">{alert.created_by}</TruncatedText>
    ),
  },
  {
    id: 'last_triggered',
    header: 'Last triggered',
    sortable: true,
    width: '170px',
    render: ({ alert }) => <span className="table-muted">{lastTriggeredText(alert)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    width: '120px',
    render: ({ status }) => (
      <Badge tone={STATUS_BADGES[status].tone} dot>
        {STATUS_BADGES[status].label}
      </Badge>
    ),
  },
];
