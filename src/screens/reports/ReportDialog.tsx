import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { Recipient } from '@/machines/reports/reports.actors';
import { missingNote } from '@/machines/reports/reports.draft';
import type { ReportEditorActor, ReportsActor } from '@/machines/reports/reports.machine';
import { reportsView } from '@/machines/reports/reports.view';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { ReportForm } from './ReportForm';

/** The dialog's words: the Settings tab's (anyone's reports) or the dashboard panel's (one's own). */
const TEXTS = {
  settings: {
    newTitle: 'Add a report',
    editTitle: 'Edit report',
    description: 'A summary of the email statistics, by email, on a schedule.',
    newSubmit: 'Add report',
  },
  own: {
    newTitle: 'Email me a report',
    editTitle: 'Edit your report',
    description: 'Your own figures in your inbox, on a schedule.',
    newSubmit: 'Email me this report',
  },
} as const;

interface ReportDialogProps {
  reports: ReportsActor;
  editor: ReportEditorActor;
  /** `settings`: the tab's, a new report for anyone in `recipients`; `own`: one's own. */
  variant: keyof typeof TEXTS;
  recipients?: readonly Recipient[];
  selfEmail: string;
  /** Whether the dialog may show at all (the panel is open); true by default. */
  open?: boolean;
  /** Esc and ×, and Cancel unless `onCancel` is given; both close the form by default. */
  onDismiss?: () => void;
  onCancel?: () => void;
}

/** The Add / Edit report dialog of the Settings tab and of the dashboard's panel. */
export function ReportDialog(props: ReportDialogProps) {
  const { reports, editor, variant, recipients, selfEmail } = props;
  const form = useSelector(editor, modalSaveView, sameView);
  const { choicesStatus, choices } = useSelector(reports, reportsView, sameView);
  const formId = useId();
  const texts = TEXTS[variant];
  const isNew = form.draft.id === null;
  const dismiss = props.onDismiss ?? (() => editor.send({ type: 'CLOSE' }));
  return (
    <Dialog
      open={form.open && (props.open ?? true)}
      onOpenChange={(next) => {
        if (!next) dismiss();
      }}
      size="large"
      footerNote={missingNote(form.draft)}
      title={isNew ? texts.newTitle : texts.editTitle}
      description={texts.description}
      footer={
        <DialogActions
          busy={form.saving}
          canSubmit={form.canSubmit}
          submitLabel={isNew ? texts.newSubmit : 'Save'}
          onCancel={props.onCancel ?? dismiss}
          form={formId}
        />
      }
    >
      <ReportForm
        id={formId}
        draft={form.draft}
        error={form.error}
        recipients={isNew && recipients ? recipients : null}
        selfEmail={selfEmail}
        choices={{ status: choicesStatus, choices }}
        onEdit={(draft) => editor.send({ type: 'EDIT', draft })}
        onRecipient={(draft) => reports.send({ type: 'CHOOSE_RECIPIENT', draft })}
        onRetryChoices={() => reports.send({ type: 'RETRY_CHOICES' })}
        onSubmit={() => editor.send({ type: 'SUBMIT' })}
      />
    </Dialog>
  );
}
