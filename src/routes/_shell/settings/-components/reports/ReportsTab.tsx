import type { ReportSubscription } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ReportsMachine } from '@/machines/reports/reports.machine';
import type { ReportsInput } from '@/machines/reports/reports.setup';
import { reportsView } from '@/machines/reports/reports.view';
import { sameView } from '@/machines/shared/same-view';
import type { UserInfo } from '@/session/user-info';
import { ReportDialog } from '@/screens/reports/ReportDialog';
import { ListTable } from '@/screens/table/ListTable';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { InfoIcon, MailIcon, PlusIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { RemoveDialog } from '@/screens/RemoveDialog';
import type { RowMenuItem } from '@/ui/table/table-types';
import { REPORT_COLUMNS } from './report-columns';
import '../settings-lists.css';

interface ReportsTabProps {
  machine: ReportsMachine;
  user: UserInfo;
  seed: ReportsInput['seed'];
  recipients: ReportsInput['recipients'];
}

/** Settings → Reports: every report subscription of the workspace, with Add, Edit, Remove. */
export function ReportsTab({ machine, user, seed, recipients }: ReportsTabProps) {
  const self = { email: user.email, name: user.name, role: user.role };
  const actor = useActorRef(machine, {
    input: { seed, features: user.features, self, recipients },
  });
  const { subscriptions, emailDelivery, editor, remover } = useSelector(
    actor,
    reportsView,
    sameView,
  );
  const byId = useMemo(() => new Map(subscriptions.map((s) => [String(s.id), s])), [subscriptions]);
  const writable = !user.features.reports.read_only;
  const mine = (s: ReportSubscription) => s.email.toLowerCase() === user.email.toLowerCase();

  const remove = (list: ReportSubscription[]) =>
    actor.send({ type: 'REMOVE', subscriptions: list });
  const rowMenu = (s: ReportSubscription): RowMenuItem[] => [
    { label: 'Edit report', onSelect: () => actor.send({ type: 'EDIT', subscription: s }) },
    ...(mine(s)
      ? [
          {
            label: 'Send me one now',
            onSelect: () => actor.send({ type: 'SEND_NOW', subscription: s }),
          },
        ]
      : []),
    { label: 'Remove report', danger: true, onSelect: () => remove([s]) },
  ];
  const add = writable && (
    <Button icon={<PlusIcon size={16} />} onClick={() => actor.send({ type: 'CREATE' })}>
      Add a report
    </Button>
  );

  return (
    <>
      <PageHeader
        level={2}
        title="Reports"
        subtitle="Email summaries of the statistics, each with only what its recipient may see."
        actions={add}
      />
      {!writable && <ReadOnlyNote />}
      {!emailDelivery && (
        <p className="read-only-note" role="status">
          <InfoIcon size={18} />
          Reports are not being sent: this server has no SMTP server (SMTP_URL). They are kept and
          go out once one is set.
        </p>
      )}
      <ListTable
        tab={actor}
        label="Reports"
        columns={REPORT_COLUMNS}
        items={byId}
        rowName={(s) => `${s.email} ${s.frequency}`}
        writable={writable}
        rowMenu={rowMenu}
        onRemove={remove}
        searchPlaceholder="Search by recipient or mailbox"
        emptyState={
          <EmptyState
            headingLevel={3}
            icon={<MailIcon size={26} />}
            title="No reports yet"
            text="Send people their figures every day, week or month, each with only the mailboxes they may see."
            action={add}
          />
        }
      />
      {editor && (
        <ReportDialog
          reports={actor}
          editor={editor}
          variant="settings"
          recipients={recipients}
          selfEmail={user.email}
        />
      )}
      {remover && (
        <RemoveDialog
          remover={remover}
          title={(count) => (count === 1 ? 'Remove report' : `Remove ${count} reports`)}
          message={(names) => <>Remove {names}? No more of these reports will be sent.</>}
        />
      )}
    </>
  );
}
