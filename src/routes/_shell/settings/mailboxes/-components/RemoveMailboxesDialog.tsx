import { useSelector } from '@xstate/react';
import type { mailboxesView } from '@/machines/mailboxes/mailboxes.view';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { RemoveDialog } from '@/screens/RemoveDialog';
import { Checkbox } from '@/ui/Checkbox';

type MailboxesRemover = NonNullable<ReturnType<typeof mailboxesView>['remover']>;

/** The remove-confirmation modal of the mailboxes tab, with the delete-data checkbox. */
export function RemoveMailboxesDialog({ remover }: { remover: MailboxesRemover }) {
  const { saving: busy, draft } = useSelector(remover, modalSaveView, sameView);
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
