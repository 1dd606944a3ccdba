import { RemoveDialog, type RemoverActor } from '@/screens/RemoveDialog';

/** The remove-confirmation modal of the teams tab. */
export function RemoveTeamsDialog({ remover }: { remover: RemoverActor }) {
  return (
    <RemoveDialog
      remover={remover}
      title={(count) => (count === 1 ? 'Remove team' : `Remove ${count} teams`)}
      message={(names) => (
        <>
          Remove {names}? Their mailboxes stay tracked; managers of these teams no longer see them.
        </>
      )}
    />
  );
}
