import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';

export interface RemoveDialogProps {
  open: boolean;
  /** While the removal runs: the button reads Removing... and the dialog stays. */
  busy: boolean;
  title: string;
  /** What will be removed; names in it are already cut at 50 characters. */
  message: ReactNode;
  /** Extra controls, e.g. the mailboxes' Delete all their existing email data. */
  children?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** The remove-confirmation modal shared by every list. */
export function RemoveDialog({
  open,
  busy,
  title,
  message,
  children,
  confirmLabel = 'Remove',
  onConfirm,
  onClose,
}: RemoveDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      size="small"
      title={title}
      description={message}
      footer={
        <DialogActions
          busy={busy}
          variant="danger"
          submitLabel={confirmLabel}
          onCancel={onClose}
          onSubmit={onConfirm}
        />
      }
    >
      {children}
    </Dialog>
  );
}
