import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { truncate } from '../../../../domain/text';
import type { removeAlertsMachine } from '../../../../machines/alerts.machine';
import { RemoveDialog } from '../../../../ui/RemoveDialog';

/** The delete-confirmation modal of the alerts page. */
export function RemoveAlertsDialog({
  remover,
}: {
  remover: ActorRefFrom<typeof removeAlertsMachine>;
}) {
  const open = useSelector(remover, (snapshot) => snapshot.hasTag('visible'));
  const busy = useSelector(remover, (snapshot) => snapshot.hasTag('saving'));
  const draft = useSelector(remover, (snapshot) => snapshot.context.draft);
  const count = draft.ids.length;
  return (
    <RemoveDialog
      open={open}
      busy={busy}
      title={count === 1 ? 'Delete alert' : `Delete ${count} alerts`}
      confirmLabel="Delete"
      message={
        <>
          Delete <strong>{truncate(draft.names.join(', '))}</strong>? No one will be notified for{' '}
          {count === 1 ? 'it' : 'them'} anymore.
        </>
      }
      onConfirm={() => remover.send({ type: 'SUBMIT' })}
      onClose={() => remover.send({ type: 'CLOSE' })}
    />
  );
}
