import type { Mailbox } from '@/api/types';
import { formatDay } from '@/domain/dates';
import { BHS_LABELS, STATUS_LABELS, type MailboxColumn } from '@/machines/mailboxes.rows';
import { Badge, type BadgeTone } from '@/ui/Badge';
import type { Column } from '@/ui/table/table-types';

const STATUS_TONES: Record<Mailbox['status'], BadgeTone> = {
  working: 'success',
  loading_data: 'warning',
  sync_error: 'danger',
};

/** Email, name, business-hours mode, date data was added and status (spec 2, Mailboxes tab). */
export const MAILBOX_COLUMNS: readonly (Column<Mailbox> & { id: MailboxColumn })[] = [
  {
    id: 'email',
    header: 'Email',
    sortable: true,
    render: (mailbox) => <span className="table-primary">{mailbox.email}</span>,
  },
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    width: '15%',
    minor: true,
    render: (mailbox) => <span className="table-muted">{mailbox.full_name}</span>,
  },
  {
    id: 'hours',
    header: 'Business hours',
    sortable: true,
    width: '164px',
    minor: true,
    render: (mailbox) => <span className="table-muted">{BHS_LABELS[mailbox.bhs_status]}</span>,
  },
  {
    id: 'added',
    header: 'Data added',
    sortable: true,
    width: '136px',
    minor: true,
    render: (mailbox) => <span className="table-muted">{formatDay(mailbox.data_from)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: '150px',
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
      {status === 'sync_error' && error && <div className="table-muted">{error}</div>}
    </>
  );
}
