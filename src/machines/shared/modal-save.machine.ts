import { assign, sendParent, setup, type PromiseActorLogic } from 'xstate';
import { isApiFailure } from '@/api/errors';
import { toast, type ToastOptions } from '@/stores/toast-store';
import { describeNamed } from './describe-named';

/** What the parent of a modal hears after a successful save: reload, clear a selection… */
export interface ModalSavedEvent<TOutput = unknown> {
  type: 'MODAL_SAVED';
  modal: string;
  /** What the save call returned, for a parent that shows it (e.g. the lists after a write). */
  output?: TOutput;
}

interface ModalSaveContext<TDraft> {
  /** What the modal edits, and what the save call receives. */
  draft: TDraft;
  /** The last save's failure, shown in the modal until the next edit. */
  error: string | null;
}

export type ModalSaveEvent<TDraft> =
  | { type: 'OPEN'; draft: TDraft }
  | { type: 'EDIT'; draft: TDraft }
  | { type: 'SUBMIT' }
  /** Only in a modal with a confirm step: save, or back to the form with its draft. */
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

/** The save call's input (wrapped: XState cannot type an input that is a bare type parameter). */
export interface SaveInput<TDraft> {
  draft: TDraft;
}

interface ModalSaveOptions<TDraft, TOutput> {
  /** The machine's id, also the `modal` of the MODAL_SAVED event its parent receives. */
  id: string;
  /** The draft of a closed modal. */
  emptyDraft: TDraft;
  /** The save call, from a `<flow>.actors.ts` module. */
  save: PromiseActorLogic<TOutput, SaveInput<TDraft>>;
  /** The modal's submit-disabling rules: SUBMIT is refused while this is false. */
  canSubmit: (draft: TDraft) => boolean;
  successToast: (draft: TDraft, output: TOutput) => ToastOptions;
  /** Remove modals report a failure with this toast. */
  failureToast?: ToastOptions;
  /** A confirm step: SUBMIT opens it (`confirming`), CONFIRM saves, BACK returns to the form. */
  confirm?: boolean;
  /** How the modal says why the save failed; the server's 400/403 message by default. */
  errorMessage?: (error: unknown) => string;
}

const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** The server's 400/403 messages are written for people; anything else gets a generic text. */
function saveErrorMessage(error: unknown): string {
  if (!isApiFailure(error)) return GENERIC_FAILURE;
  const kind = error.error.kind;
  return kind === 'invalid' || kind === 'forbidden' || kind === 'not_found'
    ? error.error.message
    : GENERIC_FAILURE;
}

/**
 * Every modal that saves: closed → open (→ confirming) → saving, then on success the modal
 * closes, a toast appears and the parent reloads its list; on failure it is open again with the
 * error. Tagged `visible` while the dialog shows and `saving` while the call runs.
 */
export function createModalSaveMachine<TDraft, TOutput>(
  options: ModalSaveOptions<TDraft, TOutput>,
) {
  const errorMessage = options.errorMessage ?? saveErrorMessage;
  // Only a modal with a confirm step has the state, so the others' graphs are as before.
  const confirming = {
    description:
      'Asking the user to confirm before saving; Back returns to the form with its draft',
    tags: 'visible',
    on: { CONFIRM: 'saving', BACK: 'open', CLOSE: 'closed' },
  } as const;
  const confirmStep: Record<string, typeof confirming> = options.confirm ? { confirming } : {};
  const modalSaveSetup = setup({
    types: {
      context: {} as ModalSaveContext<TDraft>,
      events: {} as ModalSaveEvent<TDraft>,
    },
    actors: { save: options.save },
    guards: {
      canSubmit: ({ context }) => options.canSubmit(context.draft),
    },
    actions: {
      assignDraft: assign((_, params: { draft: TDraft }) => ({ draft: params.draft, error: null })),
      assignError: assign((_, params: { error: unknown }) => ({
        error: errorMessage(params.error),
      })),
      showSuccessToast: ({ context }, params: { output: TOutput }) => {
        toast(options.successToast(context.draft, params.output));
      },
      showFailureToast: () => {
        if (options.failureToast) toast(options.failureToast);
      },
      notifySaved: sendParent(
        (_, params: { output: TOutput }) =>
          ({
            type: 'MODAL_SAVED',
            modal: options.id,
            output: params.output,
          }) satisfies ModalSavedEvent<TOutput>,
      ),
    },
  });
  return modalSaveSetup.createMachine({
    id: options.id,
    description:
      'A modal that edits a draft and saves it: on success it closes with a toast and tells its page to reload; on failure it stays open with the error.',
    meta: describeNamed(modalSaveSetup, {
      guards: {
        canSubmit:
          "The draft passes the modal's own rules (for a remove modal: at least one row is chosen)",
      },
      actions: {
        assignDraft: 'Keeps the draft the user is editing and clears the last error',
        assignError:
          "Shows why the save failed: the server's message for a refused save, a generic text otherwise",
        showSuccessToast: "Shows the modal's success toast (for example Mailbox added)",
        showFailureToast: 'Shows a failure toast, in the modals that have one (remove modals)',
        notifySaved: 'Tells the page that opened the modal that it saved, so the list reloads',
      },
    }),
    initial: 'closed',
    context: { draft: options.emptyDraft, error: null },
    states: {
      closed: {
        description: 'The dialog is closed; Open fills it with a draft',
        on: {
          OPEN: {
            target: 'open',
            actions: { type: 'assignDraft', params: ({ event }) => ({ draft: event.draft }) },
          },
        },
      },
      open: {
        description: "The dialog shows the draft being edited, and the last save's error if any",
        tags: 'visible',
        on: {
          EDIT: {
            actions: { type: 'assignDraft', params: ({ event }) => ({ draft: event.draft }) },
          },
          SUBMIT: { guard: 'canSubmit', target: options.confirm ? 'confirming' : 'saving' },
          CLOSE: 'closed',
        },
      },
      ...confirmStep,
      saving: {
        description: "Waiting for the server to save the draft; the dialog's buttons are busy",
        tags: ['visible', 'saving'],
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ draft: context.draft }),
          onDone: {
            target: 'closed',
            actions: [
              { type: 'showSuccessToast', params: ({ event }) => ({ output: event.output }) },
              { type: 'notifySaved', params: ({ event }) => ({ output: event.output }) },
            ],
          },
          onError: {
            target: 'open',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              'showFailureToast',
            ],
          },
        },
      },
    },
  });
}

/**
 * A remove-confirmation modal: Remove needs at least one chosen row (each with its name in the
 * draft), success toasts by count, and a failure toasts Something went wrong.
 */
export function createRemoveMachine<TDraft extends { names: string[] }>(options: {
  id: string;
  emptyDraft: TDraft;
  save: PromiseActorLogic<void, SaveInput<TDraft>>;
  successToast: (count: number) => ToastOptions;
}) {
  return createModalSaveMachine({
    ...options,
    canSubmit: (draft) => draft.names.length > 0,
    successToast: (draft) => options.successToast(draft.names.length),
    failureToast: { title: 'Something went wrong', variant: 'error' },
  });
}
