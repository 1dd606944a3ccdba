import type { Mailbox } from '@/api/types';
import { useSelector } from '@xstate/react';
import { alertDraftMissing, type AlertDraft } from '@/machines/alerts/alerts.draft';
import type { AlertsActor } from '@/machines/alerts/alerts.machine';
import { alertEditor, sameAlertEditor } from '@/machines/alerts/alerts.view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { Notice } from '@/ui/Notice';
import { Spinner } from '@/ui/Spinner';
import { AlertFields } from './AlertFields';
import './AlertDialog.css';

interface AlertDialogProps {
  actor: AlertsActor;
  mailboxes: readonly Mailbox[];
}

/**
 * The Create new alert / Edit alert modal. Editing opens it at once with a loading state while
 * the page's machine fetches the alert; the shared modal-save machine then takes over.
 */
export function AlertDialog({ actor, mailboxes }: AlertDialogProps) {
  const { editor, fetching } = useSelector(actor, alertEditor, sameAlertEditor);
  if (!editor) return null;
  return <EditorDialog actor={actor} editor={editor} fetching={fetching} mailboxes={mailboxes} />;
}

type Editor = NonNullable<ReturnType<AlertsActor['getSnapshot']>['children']['editor']>;

interface EditorDialogProps extends AlertDialogProps {
  editor: Editor;
  fetching: boolean;
}

function EditorDialog({ actor, editor, fetching, mailboxes }: EditorDialogProps) {
  const visible = useSelector(editor, (snapshot) => snapshot.hasTag('visible'));
  const saving = useSelector(editor, (snapshot) => snapshot.hasTag('saving'));
  const draft = useSelector(editor, (snapshot) => snapshot.context.draft);
  const error = useSelector(editor, (snapshot) => snapshot.context.error);
  const canSubmit = useSelector(editor, (snapshot) => snapshot.can({ type: 'SUBMIT' }));
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
