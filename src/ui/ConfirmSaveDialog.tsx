import {
  CONFIRM_SAVE_TEXTS,
  type ConfirmSaveAction,
  type ConfirmSaveSubject,
} from '@/domain/confirm-save';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmSaveDialogProps {
  action: ConfirmSaveAction;
  subject: ConfirmSaveSubject;
  busy: boolean;
  onConfirm: () => void;
  /** Back to the form that asked, its entries kept. */
  onBack: () => void;
  /** Escape or the close button: the whole change is dropped. */
  onClose: () => void;
}

/** Asks once more before a change is saved (spec 001 §2.6). */
export function ConfirmSaveDialog({
  action,
  subject,
  busy,
  onConfirm,
  onBack,
  onClose,
}: ConfirmSaveDialogProps) {
  const texts = CONFIRM_SAVE_TEXTS[action];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={texts.title}
      description={texts.text(subject)}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button onClick={onConfirm} busy={busy}>
            Confirm
          </Button>
        </>
      }
    />
  );
}
