import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { truncate } from '@/domain/text';
import type { ModalSaveEvent } from '@/machines/shared/modal-save.machine';
import { modalSaveView, type ModalSaveSnapshot } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';

/** A remove machine (`createRemoveMachine`): its draft names the rows to remove. */
type RemoveDraft = { names: string[] };
export type RemoverActor = ActorRef<
  Snapshot<unknown> & ModalSaveSnapshot<RemoveDraft>,
  Extract<ModalSaveEvent<RemoveDraft>, { type: 'SUBMIT' | 'CLOSE' }>
>;

interface RemoveDialogProps {
  remover: RemoverActor;
  /** The title for this many rows, e.g. Remove team or Remove 3 teams. */
  title: (count: number) => string;
  /**
   * What will be removed, given the rows' names (joined and cut at 50 characters with an
   * ellipsis, in bold) and their count.
   */
  message: (names: ReactNode, count: number) => ReactNode;
  /** Extra controls, e.g. the mailboxes' Delete all their existing email data. */
  children?: ReactNode;
  confirmLabel?: string;
}

/**
 * The remove-confirmation modal shared by every list: open while its remove machine says so,
 * Removing... while the removal runs.
 */
export function RemoveDialog({
  remover,
  title,
  message,
  children,
  confirmLabel = 'Remove',
}: RemoveDialogProps) {
  const { open, saving: busy, draft } = useSelector(remover, modalSaveView, sameView);
  const { names } = draft;
  const close = () => remover.send({ type: 'CLOSE' });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      size="small"
      title={title(names.length)}
      description={message(<strong>{truncate(names.join(', '))}</strong>, names.length)}
      footer={
        <DialogActions
          busy={busy}
          variant="danger"
          submitLabel={confirmLabel}
          onCancel={close}
          onSubmit={() => remover.send({ type: 'SUBMIT' })}
        />
      }
    >
      {children}
    </Dialog>
  );
}
