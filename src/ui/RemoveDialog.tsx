import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { truncate } from '@/domain/text';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';

/** What a remove machine (`createRemoveMachine`) offers its modal. */
type RemoverSnapshot = Snapshot<unknown> & {
  hasTag(tag: string): boolean;
  context: { draft: { names: string[] } };
};
export type RemoverActor = ActorRef<RemoverSnapshot, { type: 'SUBMIT' } | { type: 'CLOSE' }>;

export interface RemoveDialogProps {
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
  const open = useSelector(remover, (snapshot) => snapshot.hasTag('visible'));
  const busy = useSelector(remover, (snapshot) => snapshot.hasTag('saving'));
  const names = useSelector(remover, (snapshot) => snapshot.context.draft.names);
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
