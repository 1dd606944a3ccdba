import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { truncate } from '../../../../../domain/text';
import type { removeTeamsMachine } from '../../../../../machines/teams.machine';
import { RemoveDialog } from '../../../../../ui/RemoveDialog';

/** The remove-confirmation modal of the teams tab. */
export function RemoveTeamsDialog({
  remover,
}: {
  remover: ActorRefFrom<typeof removeTeamsMachine>;
}) {
  const open = useSelector(remover, (snapshot) => snapshot.hasTag('visible'));
  const busy = useSelector(remover, (snapshot) => snapshot.hasTag('saving'));
  const draft = useSelector(remover, (snapshot) => snapshot.context.draft);
  const count = draft.ids.length;
  return (
    <RemoveDialog
      open={open}
      busy={busy}
      title={count === 1 ? 'Remove team' : `Remove ${count} teams`}
      message={
        <>
          Remove <strong>{truncate(draft.names.join(', '))}</strong>? Their mailboxes stay tracked;
          managers of these teams no longer see them.
        </>
      }
      onConfirm={() => remover.send({ type: 'SUBMIT' })}
      onClose={() => remover.send({ type: 'CLOSE' })}
    />
  );
}
