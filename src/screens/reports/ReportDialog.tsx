import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { Recipient } from '@/machines/reports/reports.actors';
import type { ReportEditorActor, ReportsActor } from '@/machines/reports/reports.machine';
import { selectChoices, selectEditor } from '@/machines/reports/reports.view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { missingNote } from '@/machines/reports/reports.draft';
import { ReportForm } from './ReportForm';

interface ReportDialogProps {
  reports: ReportsActor;
  editor: ReportEditorActor;
  /** The people an admin may choose from for a new report. */
  recipients: readonly Recipient[];
  selfEmail: string;
}

/** The Add a report / Edit report modal of the Settings tab. */
export function ReportDialog({ reports, editor, recipients, selfEmail }: ReportDialogProps) {
  const view = useSelector(editor, selectEditor);
  const choices = useSelector(reports, selectChoices);
  const formId = useId();
  const isNew = view.draft.id === null;
  const close = () => editor.send({ type: 'CLOSE' });
  return (
    <Dialog
      open={view.open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      size="large"
      footerNote={missingNote(view.draft)}
      title={isNew ? 'Add a report' : 'Edit report'}
      description="A summary of the email statistics, by email, on a schedule."
      footer={
        <DialogActions
          busy={view.saving}
          canSubmit={view.canSubmit}
          submitLabel={isNew ? 'Add report' : 'Save'}
          onCancel={close}
          form={formId}
        />
      }
    >
      <ReportForm
        id={formId}
        draft={view.draft}
        error={view.error}
        recipients={isNew ? recipients : null}
        selfEmail={selfEmail}
        choices={choices}
        onEdit={(draft) => editor.send({ type: 'EDIT', draft })}
        onRecipient={(draft) => reports.send({ type: 'CHOOSE_RECIPIENT', draft })}
        onRetryChoices={() => reports.send({ type: 'RETRY_CHOICES' })}
        onSubmit={() => editor.send({ type: 'SUBMIT' })}
      />
    </Dialog>
  );
}
