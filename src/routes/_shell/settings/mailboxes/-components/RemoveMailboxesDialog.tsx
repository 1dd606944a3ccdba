import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { removeMailboxesMachine } from '@/machines/mailboxes/mailboxes.machine';
import { Checkbox } from '@/ui/Checkbox';
import { RemoveDialog } from '@/ui/RemoveDialog';

/** The remove-confirmation modal of the mailboxes tab, with the delete-data checkbox. */
export function RemoveMailboxesDialog({
  remover,
}: {
  remover: ActorRefFrom<typeof removeMailboxesMachine>;
}) {
  const busy = useSelector(remover, (snapshot) => snapshot.hasTag('saving'));
  const draft = useSelector(remover, (snapshot) => snapshot.context.draft);
  return (
    <RemoveDialog
      remover={remover}
      title={(count) => (count === 1 ? 'Remove mailbox' : `Remove ${count} mailboxes`)}
      message={(names, count) => (
        <>
          {count === 1 ? 'Stop tracking ' : 'Stop tracking these mailboxes: '}
          {names}? Their statistics stop updating on your dashboard.
        </>
      )}
    >
      <Checkbox
        label="Delete all their existing email data from the dashboard"
        checked={draft.deleteData}
        disabled={busy}
        onChange={(event) =>
          remover.send({ type: 'EDIT', draft: { ...draft, deleteData: event.target.checked } })
        }
      />
    </RemoveDialog>
  );
}
