import type { ModalSaveEvent } from './modal-save.machine';

/** What a modal-save machine's snapshot offers its view (any draft type). */
export interface ModalSaveSnapshot<TDraft> {
  context: { draft: TDraft; error: string | null };
  hasTag(tag: string): boolean;
  can(event: ModalSaveEvent<TDraft>): boolean;
}

export interface ModalSaveView<TDraft> {
  /** The dialog shows (form, confirm step or saving). */
  open: boolean;
  /** A modal with a confirm step is at it: CONFIRM saves, BACK edits again. */
  confirming: boolean;
  saving: boolean;
  draft: TDraft;
  /** The last save's failure, until the next edit. */
  error: string | null;
  canSubmit: boolean;
}

/** What a saving modal's dialog shows for a snapshot of its machine. */
export function modalSaveView<TDraft>(snapshot: ModalSaveSnapshot<TDraft>): ModalSaveView<TDraft> {
  return {
    open: snapshot.hasTag('visible'),
    confirming: snapshot.can({ type: 'CONFIRM' }),
    saving: snapshot.hasTag('saving'),
    draft: snapshot.context.draft,
    error: snapshot.context.error,
    canSubmit: snapshot.can({ type: 'SUBMIT' }),
  };
}
