import type { ReportSubscription } from '@/api/types';
import { formatMoment } from '@/domain/dates';
import { FREQUENCY_TEXTS } from '@common/reports';
import { coverage, type ReportColumn } from '@/machines/reports/reports.rows';
import type { Column } from '@/ui/table/table-types';
import { TruncatedText } from '@/ui/TruncatedText';

/** Recipient, frequency, what it covers, the next report and the last one sent. */
export const REPORT_COLUMNS: readonly (Column<ReportSubscription> & {
  id: ReportColumn | 'covers';
})[] = [
  {
    id: 'recipient',
    header: 'Recipient',
    sortable: true,
    width: '30%',
    render: (s) => (
      <>
        <TruncatedText className="table-primary">{s.email}</TruncatedText>
        {s.full_name && <TruncatedText className="table-secondary">{s.full_name}</TruncatedText>}
      </>
    ),
  },
  {
    id: 'frequency',
    header: 'Frequency',
    sortable: true,
    width: '120px',
    render: (s) => <span className="table-primary">{FREQUENCY_TEXTS[s.frequency].label}</span>,
  },
  {
    id: 'covers',
    header: 'Covers',
    render: (s) => <TruncatedText className="table-muted">{coverage(s)}</TruncatedText>,
  },
  {
    id: 'next',
    header: 'Next report',
    sortable: true,
    width: '140px',
    minor: true,
    stacked: (s) => `Next ${formatMoment(s.next_due)}`,
    render: (s) => <span className="table-muted">{formatMoment(s.next_due)}</span>,
  },
  {
    id: 'lastSent',
    header: 'Last sent',
    sortable: true,
    width: '140px',
    minor: true,
    render: (s) => (
      <span className="table-muted">{s.last_sent ? formatMoment(s.last_sent) : 'Not yet'}</span>
    ),
  },
];
