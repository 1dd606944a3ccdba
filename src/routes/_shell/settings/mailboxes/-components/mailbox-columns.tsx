import type { Mailbox } from '@/api/types';
import { formatDay } from '@/domain/dates';
import { BHS_LABELS, STATUS_LABELS, type MailboxColumn } from '@/machines/mailboxes/mailboxes.rows';
import { Badge, type BadgeTone } from '@/ui/Badge';
import type { Column } from '@/ui/table/table-types';
import { TruncatedText } from '@/ui/TruncatedText';

const STATUS_TONES: Record<Mailbox['status'], BadgeTone> = {
  working: 'success',
  loading_data: 'warning',
  sync_error: 'danger',
};

/** Email, name, business-hours mode, date data was added and status. */
export const MAILBOX_COLUMNS: readonly (Column<Mailbox> & { id: MailboxColumn })[] = [
  {
    id: 'email',
    header: 'Email',
    sortable: true,
    render: (mailbox) => <TruncatedText className="table-primary">{mailbox.email}</TruncatedText>,
  },
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    width: '15%',
    minor: true,
    stacked: (mailbox) => mailbox.full_name,
    render: (mailbox) => <TruncatedText className="table-muted">{mailbox.full_name}</TruncatedText>,
  },
  {
    id: 'hours',
    header: 'Business hours',
    sortable: true,
    width: '164px',
    minor: true,
    stacked: (mailbox) => `Hours: ${BHS_LABELS[mailbox.bhs_status]}`,
    render: (mailbox) => <span className="table-muted">{BHS_LABELS[mailbox.bhs_status]}</span>,
  },
  {
    id: 'added',
    header: 'Data added',
    sortable: true,
    width: '136px',
    minor: true,
    stacked: (mailbox) => `Added ${formatDay(mailbox.data_from)}`,
    render: (mailbox) => <span className="table-muted">{formatDay(mailbox.data_from)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: '184px',
    render: (mailbox) => <MailboxStatus mailbox={mailbox} />,
  },
];

/** The status badge; loading shows its progress, an error its reason on a second line. */
function MailboxStatus({ mailbox }: { mailbox: Mailbox }) {
  const { status, progress, last_error: error } = mailbox;
  const percent = status === 'loading_data' && progress !== null ? ` ${progress}%` : '';
  return (
    <>
      <Badge tone={STATUS_TONES[status]} dot>
        {STATUS_LABELS[status]}
        {percent}
      </Badge>
      {status === 'sync_error' && error && (
        <TruncatedText className="table-muted">{error}</TruncatedText>
      )}
    </>
  );
}
