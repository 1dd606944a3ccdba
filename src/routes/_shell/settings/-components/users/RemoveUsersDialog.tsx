import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { truncate } from '../../../../../domain/text';
import type { removeUsersMachine } from '../../../../../machines/users.machine';
import { RemoveDialog } from '../../../../../ui/RemoveDialog';

/** The remove-confirmation modal of the users tab. */
export function RemoveUsersDialog({
  remover,
}: {
  remover: ActorRefFrom<typeof removeUsersMachine>;
}) {
  const open = useSelector(remover, (snapshot) => snapshot.hasTag('visible'));
  const busy = useSelector(remover, (snapshot) => snapshot.hasTag('saving'));
  const draft = useSelector(remover, (snapshot) => snapshot.context.draft);
  const count = draft.emails.length;
  return (
    <RemoveDialog
      open={open}
      busy={busy}
      title={count === 1 ? 'Remove user' : `Remove ${count} users`}
      message={
        <>
          Remove <strong>{truncate(draft.names.join(', '))}</strong>? They lose access to the
          dashboard at once.
        </>
      }
      onConfirm={() => remover.send({ type: 'SUBMIT' })}
      onClose={() => remover.send({ type: 'CLOSE' })}
    />
  );
}
