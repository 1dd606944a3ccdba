import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { api } from '../api/client';
import { createMailboxesActors, type RemoveMailboxesDraft } from './mailboxes.actors';
import { mailboxesRemovedToast, mailboxRow, type Mailbox } from './mailboxes.rows';
import { createModalSaveMachine, type ModalSavedEvent } from './modalSave.machine';
import { tableMachine } from './table.machine';

const actors = createMailboxesActors(api);

export const removeMailboxesMachine = createModalSaveMachine({
  id: 'removeMailboxes',
  emptyDraft: { emails: [], names: [], deleteData: false } satisfies RemoveMailboxesDraft,
  save: actors.removeMailboxes,
  canSubmit: (draft) => draft.emails.length > 0,
  successToast: (draft) => mailboxesRemovedToast(draft.emails.length),
  failureToast: { title: 'Something went wrong', variant: 'error' },
});

export interface MailboxesInput {
  /** The list the shell loaded at sign-in, shown at once while a fresh one loads. */
  seed: Mailbox[] | null;
  maxMailboxes: number;
}

export interface MailboxesContext {
  mailboxes: Mailbox[];
  maxMailboxes: number;
}

export type MailboxesEvent =
  | { type: 'RETRY' }
  /** Add mailboxes at the limit: the limit modal. Below it, the button is a plain link. */
  | { type: 'ADD' }
  | { type: 'CLOSE_LIMIT' }
  | { type: 'REMOVE'; mailboxes: Mailbox[] }
  | ModalSavedEvent;

/**
 * The mailboxes tab: the list (loaded, reloaded after each change), its table, the
 * remove-confirmation modal and the mailbox-limit modal.
 */
export const mailboxesMachine = setup({
  types: {
    context: {} as MailboxesContext,
    events: {} as MailboxesEvent,
    input: {} as MailboxesInput,
  },
  actors: {
    loadMailboxes: actors.loadMailboxes,
    table: tableMachine,
    remover: removeMailboxesMachine,
  },
  guards: {
    hasSeed: ({ context }) => context.mailboxes.length > 0,
    isAtLimit: ({ context }) => context.mailboxes.length >= context.maxMailboxes,
  },
  actions: {
    assignMailboxes: assign((_, params: { mailboxes: Mailbox[] }) => ({
      mailboxes: params.mailboxes,
    })),
    showRows: sendTo('table', ({ context }) => ({
      type: 'SET_ROWS' as const,
      rows: context.mailboxes.map(mailboxRow),
    })),
    clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
    openRemover: sendTo('remover', (_, params: { mailboxes: Mailbox[] }) => ({
      type: 'OPEN' as const,
      draft: {
        emails: params.mailboxes.map((mailbox) => mailbox.email),
        names: params.mailboxes.map((mailbox) => mailbox.full_name || mailbox.email),
        deleteData: false,
      },
    })),
  },
}).createMachine({
  id: 'mailboxes',
  context: ({ input }) => ({ mailboxes: input.seed ?? [], maxMailboxes: input.maxMailboxes }),
  invoke: [
    { id: 'table', src: 'table' },
    { id: 'remover', src: 'remover' },
  ],
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasSeed', target: 'ready.list.refreshing', actions: 'showRows' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadMailboxes',
        src: 'loadMailboxes',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignMailboxes', params: ({ event }) => ({ mailboxes: event.output }) },
            'showRows',
          ],
        },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        REMOVE: {
          actions: {
            type: 'openRemover',
            params: ({ event }) => ({ mailboxes: event.mailboxes }),
          },
        },
      },
      states: {
        list: {
          initial: 'idle',
          on: {
            // The remover is this tab's only modal: a removal clears the selection.
            MODAL_SAVED: { target: '.refreshing', reenter: true, actions: 'clearSelection' },
          },
          states: {
            idle: {},
            refreshing: {
              invoke: {
                id: 'loadMailboxes',
                src: 'loadMailboxes',
                onDone: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'assignMailboxes',
                      params: ({ event }) => ({ mailboxes: event.output }),
                    },
                    'showRows',
                  ],
                },
                onError: '#mailboxes.failed',
              },
            },
          },
        },
        limit: {
          initial: 'closed',
          states: {
            closed: { on: { ADD: { guard: 'isAtLimit', target: 'open' } } },
            open: { on: { CLOSE_LIMIT: 'closed' } },
          },
        },
      },
    },
  },
});

export type MailboxesActor = ActorRefFrom<typeof mailboxesMachine>;
