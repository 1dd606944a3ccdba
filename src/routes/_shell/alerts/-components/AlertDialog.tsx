import type { Mailbox } from '@/api/types';
import { useSelector } from '@xstate/react';
import { alertDraftMissing, type AlertDraft } from '@/machines/alerts/alerts.draft';
import type { AlertsActor } from '@/machines/alerts/alerts.machine';
import type { alertsView } from '@/machines/alerts/alerts.view';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { Notice } from '@/ui/Notice';
import { Spinner } from '@/ui/Spinner';
import { AlertFields } from './AlertFields';
import './AlertDialog.css';

type Editor = NonNullable<ReturnType<typeof alertsView>['editor']>;

interface AlertDialogProps {
  actor: AlertsActor;
  editor: Editor;
  /** The alert to edit is still loading. */
  fetching: boolean;
  mailboxes: readonly Mailbox[];
}

/**
 * The Create new alert / Edit alert modal. Editing opens it at once with a loading state while
 * the page's machine fetches the alert; the shared modal-save machine then takes over.
 */
export function AlertDialog({ actor, editor, fetching, mailboxes }: AlertDialogProps) {
  const {
    open: visible,
    saving,
    draft,
    error,
    canSubmit,
  } = useSelector(editor, modalSaveView, sameView);
  const isNew = !fetching && draft.id === null;
  const close = () => editor.send({ type: 'CLOSE' });
  const cancel = fetching ? () => actor.send({ type: 'CANCEL_EDIT' }) : close;
  const edit = (patch: Partial<AlertDraft>) =>
    editor.send({ type: 'EDIT', draft: { ...draft, ...patch } });

  return (
    <Dialog
      open={visible || fetching}
      onOpenChange={(next) => {
        if (!next) cancel();
      }}
      size="large"
      title={isNew ? 'Create new alert' : 'Edit alert'}
      description="Get an email when a customer's email waits too long for a reply."
      footer={
        <DialogActions
          busy={saving}
          canSubmit={!fetching && canSubmit}
          submitLabel={isNew ? 'Create alert' : 'Save'}
          onCancel={cancel}
          onSubmit={() => editor.send({ type: 'SUBMIT' })}
        />
      }
      footerNote={fetching ? null : alertDraftMissing(draft)}
    >
      {fetching ? (
        <div className="alert-form-loading">
          <Spinner label="Loading alert" />
        </div>
      ) : (
        <form
          className="alert-form"
          onSubmit={(event) => {
            event.preventDefault();
            editor.send({ type: 'SUBMIT' });
          }}
        >
          <AlertFields draft={draft} mailboxes={mailboxes} onChange={edit} />
          {error && <Notice tone="danger">{error}</Notice>}
        </form>
      )}
    </Dialog>
  );
}
