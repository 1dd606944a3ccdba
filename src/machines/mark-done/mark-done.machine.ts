import { assign, sendTo, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { toast, TOAST_LONG_DURATION_MS } from '@/stores/toast-store';
import type { UnrepliedActor } from '../native-dashboard/unreplied.machine';
import { toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';
import { createMarkDoneActors } from './mark-done.actors';

// "Mark as done" on the dashboard's unreplied list (docs/statistics.md, "Closed by hand"): closes
// a waiting request, reloads the list (the row leaves it) and offers Undo in a toast. Undo works
// for as long as its toast shows, which is longer than its duration while the pointer or the
// focus is on it (WCAG 2.2.1): so no timer here, and each toast's Undo names its own request.

/** How long the toast with Undo shows, unless the user holds it. */
export const UNDO_WINDOW_MS = TOAST_LONG_DURATION_MS;

interface MarkDoneContext {
  /** The list whose rows this closes; told to reload after each change. */
  list: UnrepliedActor;
  /** The request being closed, or the one last closed (Undo reopens it). */
  id: string | null;
}

export type MarkDoneEvent = { type: 'MARK_DONE'; id: string } | { type: 'UNDO'; id: string };

export function createMarkDoneMachine(client: ApiClient) {
  const markDoneSetup = setup({
    types: {
      context: {} as MarkDoneContext,
      events: {} as MarkDoneEvent,
      input: {} as { list: UnrepliedActor },
    },
    actors: createMarkDoneActors(client),
    actions: {
      assignId: assign((_, params: { id: string }) => ({ id: params.id })),
      reloadList: sendTo(({ context }) => context.list, { type: 'RELOAD' }),
      showUndoToast: ({ context, self }) => {
        const { id } = context;
        if (id === null) return;
        toast({
          title: 'Marked as done',
          description: 'It no longer waits for a reply.',
          variant: 'success',
          duration: UNDO_WINDOW_MS,
          action: {
            label: 'Undo',
            altText: 'Undo marking the email as done',
            onAction: () => self.send({ type: 'UNDO', id }),
          },
        });
      },
      notifyReopened: () => {
        toast({ title: 'The email waits for a reply again', variant: 'info' });
      },
      notifyFailed: (_, params: { title: string; error: unknown }) => {
        toastFailed(params.title, params.error);
      },
    },
  });
  const id = ({ context }: { context: MarkDoneContext }) => {
    if (context.id === null) throw new Error('no request to close or reopen');
    return { id: context.id };
  };
  return markDoneSetup.createMachine({
    id: 'markDone',
    description: 'Mark as done on the unreplied list, with Undo in a toast.',
    meta: describeNamed(markDoneSetup, {
      guards: {},
      actions: {
        assignId: 'Keeps which request the user marked as done, or undoes',
        reloadList: 'Reloads the unreplied list, so the row leaves it or comes back',
        showUndoToast: 'Shows "Marked as done" with an Undo button',
        notifyReopened: 'Says the email waits for a reply again',
        notifyFailed: 'Says what could not be done, and why when the server said',
      },
    }),
    initial: 'idle',
    context: ({ input }) => ({ list: input.list, id: null }),
    states: {
      idle: {
        description: 'Each row offers Mark as done, and each toast shown offers Undo',
        on: {
          MARK_DONE: {
            target: 'closing',
            actions: { type: 'assignId', params: ({ event }) => ({ id: event.id }) },
          },
          UNDO: {
            target: 'reopening',
            actions: { type: 'assignId', params: ({ event }) => ({ id: event.id }) },
          },
        },
      },
      closing: {
        description: 'Closing the request; its button is busy',
        invoke: {
          id: 'closeRequest',
          src: 'closeRequest',
          input: id,
          onDone: { target: 'idle', actions: ['reloadList', 'showUndoToast'] },
          onError: {
            target: 'idle',
            actions: [
              'reloadList',
              {
                type: 'notifyFailed',
                params: ({ event }) => ({ title: 'Could not mark it as done', error: event.error }),
              },
            ],
          },
        },
      },
      reopening: {
        description: 'Undo: reopening the request',
        invoke: {
          id: 'reopenRequest',
          src: 'reopenRequest',
          input: id,
          onDone: { target: 'idle', actions: ['reloadList', 'notifyReopened'] },
          onError: {
            target: 'idle',
            actions: {
              type: 'notifyFailed',
              params: ({ event }) => ({ title: 'Could not undo', error: event.error }),
            },
          },
        },
      },
    },
  });
}
