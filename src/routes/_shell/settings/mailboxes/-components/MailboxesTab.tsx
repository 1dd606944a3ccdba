import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { MailboxesInput, mailboxesMachine } from '../../../../../machines/mailboxes.machine';
import type { Mailbox } from '../../../../../machines/mailboxes.rows';
import type { UserInfo } from '../../../../../session/user-info';
import { EmptyState } from '../../../../../ui/EmptyState';
import { InboxIcon } from '../../../../../ui/icons';
import { LimitDialog } from '../../../../../ui/LimitDialog';
import { ReadOnlyNote } from '../../../../../ui/ReadOnlyNote';
import { DataTable, listStatus } from '../../../../../ui/table/DataTable';
import { RemoveSelectedButton } from '../../../../../ui/table/RemoveSelectedButton';
import type { RowMenuItem } from '../../../../../ui/table/table-types';
import { MAILBOX_COLUMNS } from './mailbox-columns';
import { MailboxesHeader } from './MailboxesHeader';
import { RemoveMailboxesDialog } from './RemoveMailboxesDialog';

interface MailboxesTabProps {
  machine: typeof mailboxesMachine;
  user: UserInfo;
  seed: MailboxesInput['seed'];
}

/** The mailboxes tab (spec 2): usage badge, Add mailboxes, the table and its modals. */
export function MailboxesTab({ machine, user, seed }: MailboxesTabProps) {
  const actor = useActorRef(machine, { input: { seed, maxMailboxes: user.maxMailboxes } });
  const mailboxes = useSelector(actor, (snapshot) => snapshot.context.mailboxes);
  const status = useSelector(actor, listStatus);
  const limitOpen = useSelector(actor, (snapshot) =>
    snapshot.matches({ ready: { limit: 'open' } }),
  );
  const table = useSelector(actor, (snapshot) => snapshot.children.table);
  const remover = useSelector(actor, (snapshot) => snapshot.children.remover);
  const byEmail = useMemo(() => new Map(mailboxes.map((m) => [m.email, m])), [mailboxes]);
  const writable = !user.features.mailboxes.read_only;

  const remove = (list: Mailbox[]) => actor.send({ type: 'REMOVE', mailboxes: list });
  // Issue 5 adds the per-mailbox business hours here.
  const rowMenu = (mailbox: Mailbox): RowMenuItem[] => [
    { label: 'Remove mailbox', danger: true, onSelect: () => remove([mailbox]) },
  ];

  return (
    <>
      <MailboxesHeader
        actor={actor}
        used={status === 'ready' ? mailboxes.length : null}
        max={user.maxMailboxes}
        writable={writable}
      />
      {!writable && <ReadOnlyNote />}
      {table && (
        <DataTable
          table={table}
          status={status}
          onRetry={() => actor.send({ type: 'RETRY' })}
          label="Mailboxes"
          columns={MAILBOX_COLUMNS}
          items={byEmail}
          rowName={(mailbox) => mailbox.email}
          selectable={writable}
          rowMenu={writable ? rowMenu : undefined}
          searchPlaceholder="Search by email, name or status"
          bulkActions={(emails) => (
            <RemoveSelectedButton
              onClick={() => remove(emails.flatMap((email) => byEmail.get(email) ?? []))}
            />
          )}
          emptyState={
            <EmptyState
              headingLevel={3}
              icon={<InboxIcon size={26} />}
              title="Start by adding mailboxes"
              text="Add the mailboxes you want to track. Their statistics show on the dashboard the next day."
            />
          }
        />
      )}
      {remover && <RemoveMailboxesDialog remover={remover} />}
      <LimitDialog
        open={limitOpen}
        noun="mailbox"
        max={user.maxMailboxes}
        onClose={() => actor.send({ type: 'CLOSE_LIMIT' })}
      />
    </>
  );
}
