import type { Mailbox } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { MailboxHoursMachine } from '@/machines/business-hours/mailbox-hours.machine';
import type { MailboxesInput, MailboxesMachine } from '@/machines/mailboxes/mailboxes.machine';
import { mailboxesView } from '@/machines/mailboxes/mailboxes.view';
import { sameView } from '@/machines/shared/same-view';
import type { UserInfo } from '@/session/user-info';
import { BusinessHoursDialog } from './BusinessHoursDialog';
import { EmptyState } from '@/ui/EmptyState';
import { InboxIcon } from '@/ui/icons';
import { LimitDialog } from '@/ui/LimitDialog';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { ListTable } from '@/screens/table/ListTable';
import type { RowMenuItem } from '@/ui/table/table-types';
import { MAILBOX_COLUMNS } from './mailbox-columns';
import { MailboxesHeader } from './MailboxesHeader';
import { RemoveMailboxesDialog } from './RemoveMailboxesDialog';

interface MailboxesTabProps {
  machine: MailboxesMachine;
  /** The update business hours modal's machine, started at each opening. */
  hoursMachine: MailboxHoursMachine;
  user: UserInfo;
  seed: MailboxesInput['seed'];
}

/** The mailboxes tab: usage badge, Add mailboxes, the table and its modals. */
export function MailboxesTab({ machine, hoursMachine, user, seed }: MailboxesTabProps) {
  const actor = useActorRef(machine, {
    input: { seed, maxMailboxes: user.maxMailboxes, features: user.features },
  });
  const view = useSelector(actor, mailboxesView, sameView);
  const { mailboxes, status, hoursOf, hoursEditable } = view;
  const closeHours = useCallback(() => actor.send({ type: 'CLOSE_HOURS' }), [actor]);
  const savedHours = useCallback(
    () => actor.send({ type: 'MODAL_SAVED', modal: 'mailboxHours' }),
    [actor],
  );
  const byEmail = useMemo(() => new Map(mailboxes.map((m) => [m.email, m])), [mailboxes]);
  const writable = !user.features.mailboxes.read_only;

  const remove = (list: Mailbox[]) => actor.send({ type: 'REMOVE', mailboxes: list });
  const rowMenu = (mailbox: Mailbox): RowMenuItem[] => [
    ...(hoursEditable
      ? [
          {
            label: 'Update business hours',
            onSelect: () => actor.send({ type: 'EDIT_HOURS', mailbox }),
          },
        ]
      : []),
    { label: 'Remove mailbox', danger: true, onSelect: () => remove([mailbox]) },
  ];

  return (
    <>
      <MailboxesHeader
        onAdd={view.addOpensLimit ? () => actor.send({ type: 'ADD' }) : null}
        used={status === 'ready' ? mailboxes.length : null}
        max={user.maxMailboxes}
        writable={writable}
      />
      {!writable && <ReadOnlyNote />}
      <ListTable
        tab={actor}
        label="Mailboxes"
        columns={MAILBOX_COLUMNS}
        items={byEmail}
        rowName={(mailbox) => mailbox.email}
        writable={writable}
        rowMenu={rowMenu}
        onRemove={remove}
        searchPlaceholder="Search by email, name or status"
        emptyState={
          <EmptyState
            headingLevel={3}
            icon={<InboxIcon size={26} />}
            title="Start by adding mailboxes"
            text="Add the mailboxes you want to track. Their statistics show on the dashboard the next day."
          />
        }
      />
      {view.remover && <RemoveMailboxesDialog remover={view.remover} />}
      <BusinessHoursDialog
        mailbox={hoursOf === null ? null : { email: hoursOf }}
        machine={hoursMachine}
        onClose={closeHours}
        onSaved={savedHours}
      />
      <LimitDialog
        open={view.limitOpen}
        noun="mailbox"
        max={user.maxMailboxes}
        onClose={() => actor.send({ type: 'CLOSE_LIMIT' })}
      />
    </>
  );
}
