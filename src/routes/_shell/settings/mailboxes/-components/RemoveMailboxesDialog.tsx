import { useSelector } from '@xstate/react';
import { truncate } from '../../../../../domain/text';
import type { removeMailboxesMachine } from '../../../../../machines/mailboxes.machine';
import type { ActorRefFrom } from 'xstate';
import { Checkbox } from '../../../../../ui/Checkbox';
import { RemoveDialog } from '../../../../../ui/RemoveDialog';

type RemoverActor = ActorRefFrom<typeof removeMailboxesMachine>;

/** The remove-confirmation modal of the mailboxes tab, with the delete-data checkbox. */
export function RemoveMailboxesDialog({ remover }: { remover: RemoverActor }) {
  const open = useSelector(remover, (snapshot) => snapshot.hasTag('visible'));
  const busy = useSelector(remover, (snapshot) => snapshot.hasTag('saving'));
  const draft = useSelector(remover, (snapshot) => snapshot.context.draft);
  const count = draft.emails.length;
  const names = truncate(draft.names.join(', '));
  return (
    <RemoveDialog
      open={open}
      busy={busy}
      title={count === 1 ? 'Remove mailbox' : `Remove ${count} mailboxes`}
      message={
        <>
          {count === 1 ? 'Stop tracking ' : 'Stop tracking these mailboxes: '}
          <strong>{names}</strong>? Their statistics stop updating on your dashboard.
        </>
      }
      onConfirm={() => remover.send({ type: 'SUBMIT' })}
      onClose={() => remover.send({ type: 'CLOSE' })}
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
