import { RemoveDialog, type RemoverActor } from '@/screens/RemoveDialog';

/** The delete-confirmation modal of the alerts page. */
export function RemoveAlertsDialog({ remover }: { remover: RemoverActor }) {
  return (
    <RemoveDialog
      remover={remover}
      title={(count) => (count === 1 ? 'Delete alert' : `Delete ${count} alerts`)}
      confirmLabel="Delete"
      message={(names, count) => (
        <>
          Delete {names}? No one will be notified for {count === 1 ? 'it' : 'them'} anymore.
        </>
      )}
    />
  );
}
