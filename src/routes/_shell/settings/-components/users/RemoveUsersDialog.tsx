import { RemoveDialog, type RemoverActor } from '@/screens/RemoveDialog';

/** The remove-confirmation modal of the users tab. */
export function RemoveUsersDialog({ remover }: { remover: RemoverActor }) {
  return (
    <RemoveDialog
      remover={remover}
      title={(count) => (count === 1 ? 'Remove user' : `Remove ${count} users`)}
      message={(names) => <>Remove {names}? They lose access to the dashboard at once.</>}
    />
  );
}
