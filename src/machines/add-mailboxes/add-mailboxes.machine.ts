import type { MailboxCheck } from '@/api/types';
import { assign, setup, type ActorRefFrom } from 'xstate';
import { isApiFailure } from '@/api/errors';
import { splitEntries } from '@common/patterns';
import { toast, TOAST_LONG_DURATION_MS } from '@/stores/toast-store';
import type { ApiClient } from '@/api/client';
import {
  createAddMailboxesActors,
  type SocketDeps,
  type ValidationSocketEvent,
} from './add-mailboxes.actors';
import {
  dataFromDay,
  exceedsLimit,
  invalidChecks,
  splitRun,
  validChecks,
  type AddMailboxesContext,
} from './add-mailboxes.context';
import { describeNamed } from '../shared/describe-named';

interface AddMailboxesInput {
  /** The workspace's `max_mailboxes`, from the signed-in user info. */
  maxMailboxes: number;
}

export type AddMailboxesEvent =
  | { type: 'EDIT'; text: string }
  | { type: 'TOGGLE_HISTORIC' }
  | { type: 'VALIDATE' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'COPY_INVALID' }
  | { type: 'ADD' }
  | ValidationSocketEvent;

/** Spec section 9: reconnect 3 seconds after an unexpected close, at most 10 times. */
export const RECONNECT_DELAY_MS = 3000;
export const MAX_RECONNECTS = 10;
const ADDED_TEXT = 'This change will be reflected in your dashboard tomorrow at 00:01 local time.';
const ADD_FAILED = 'The mailboxes could not be added. Try again in a moment.';
const COPY_FAILED = 'Error copying the list';
const COPIED = 'Invalid addresses copied';

const addedTitle = (count: number) => (count === 1 ? 'Mailbox added' : `${count} mailboxes added`);

/**
 * The Add mailboxes page (document 001, sections 2.1 and 4.1): before → validating → results →
 * adding. The socket is invoked by `connection`, which spans validating and results, so Cancel
 * on results closes it; an unexpected close waits in `reconnecting` and re-sends only the
 * addresses without a result.
 */
export function createAddMailboxesMachine(client: ApiClient, socket?: SocketDeps) {
  const addMailboxesSetup = setup({
    types: {
      context: {} as AddMailboxesContext,
      events: {} as AddMailboxesEvent,
      input: {} as AddMailboxesInput,
    },
    actors: createAddMailboxesActors(client, socket),
    guards: {
      // Something to send: entries that are no address are refused here, not sent to the server.
      canValidate: ({ context }) =>
        splitRun(context.addresses).submitted.length > 0 &&
        !exceedsLimit(context, context.addresses.length),
      isLastCheck: ({ context }) => context.checks.length + 1 >= context.submitted.length,
      canReconnect: ({ context }) => context.reconnects < MAX_RECONNECTS,
      canAdd: ({ context }) => {
        const valid = validChecks(context).length;
        return valid > 0 && !exceedsLimit(context, valid);
      },
    },
    actions: {
      assignTracked: assign((_, params: { tracked: number }) => ({ tracked: params.tracked })),
      assignText: assign((_, params: { text: string }) => ({
        text: params.text,
        addresses: splitEntries(params.text),
      })),
      toggleHistoric: assign({ historic: ({ context }) => !context.historic }),
      clearRun: assign({ submitted: [], checks: [], refused: [], reconnects: 0, error: null }),
      startRun: assign(({ context }) => splitRun(context.addresses)),
      assignCheck: assign(({ context }, params: { check: MailboxCheck }) => ({
        checks: [...context.checks, params.check],
      })),
      countReconnect: assign({ reconnects: ({ context }) => context.reconnects + 1 }),
      resetReconnects: assign({ reconnects: 0 }),
      assignError: assign((_, params: { message: string }) => ({ error: params.message })),
      clearError: assign({ error: null }),
      copyInvalidList: ({ context }) => {
        const list = invalidChecks(context)
          .map((check) => check.email)
          .join('\n');
        // Wrapped so a missing clipboard API also ends in the alert, not in an exception.
        Promise.resolve()
          .then(() => navigator.clipboard.writeText(list))
          .then(
            () => toast({ title: COPIED, variant: 'info' }),
            () => window.alert(COPY_FAILED),
          );
      },
      toastAdded: ({ context }) => {
        toast({
          title: addedTitle(validChecks(context).length),
          description: ADDED_TEXT,
          variant: 'success',
          duration: TOAST_LONG_DURATION_MS,
        });
      },
      // The route provides the navigation back to the mailboxes list.
      goBack: () => undefined,
    },
    delays: { reconnectDelay: RECONNECT_DELAY_MS },
  });
  return addMailboxesSetup.createMachine({
    id: 'addMailboxes',
    description:
      'The Add mailboxes page: paste addresses, validate them live over a socket, then add the valid ones, within the mailbox limit.',
    meta: describeNamed(addMailboxesSetup, {
      guards: {
        canValidate: 'At least one entry is an address, and they fit within the mailbox limit',
        isLastCheck: "This result is the last address's",
        canReconnect: 'The socket has not yet been reopened the most times allowed in a row',
        canAdd: 'At least one address is valid, and the valid ones fit within the mailbox limit',
      },
      actions: {
        assignTracked: 'Keeps how many mailboxes the workspace tracks, for the limit',
        assignText: 'Keeps the pasted text and the entries split from it',
        toggleHistoric: 'Switches whether past emails are brought in with the new mailboxes',
        clearRun: "Forgets the last validation's results, counts and error",
        startRun: 'Splits the entries into addresses to check and entries refused at once',
        assignCheck: "Adds one address's result to the list",
        countReconnect: 'Counts one more reopening of the socket',
        resetReconnects:
          'Starts the reopening count again (the socket answered, or the user chose Try again)',
        assignError: 'Shows why the validation or the add failed',
        clearError: 'Clears the last error before trying again',
        copyInvalidList: 'Copies the invalid addresses to the clipboard, one a line, and says so',
        toastAdded: 'Says how many mailboxes were added',
        goBack: 'Goes back to the mailboxes list (the route provides it)',
      },
    }),
    initial: 'loading',
    context: ({ input }) => ({
      maxMailboxes: input.maxMailboxes,
      tracked: 0,
      text: '',
      addresses: [],
      historic: false,
      submitted: [],
      checks: [],
      refused: [],
      reconnects: 0,
      error: null,
    }),
    states: {
      loading: {
        description: 'Loading how many mailboxes the workspace already tracks',
        invoke: {
          id: 'loadTrackedCount',
          src: 'loadTrackedCount',
          onDone: {
            target: 'before',
            actions: { type: 'assignTracked', params: ({ event }) => ({ tracked: event.output }) },
          },
          onError: 'loadFailed',
        },
      },
      loadFailed: {
        description: 'The count could not be loaded; the page offers a retry',
        on: { RETRY: 'loading' },
      },
      before: {
        description: 'The address box and the past-emails choice, before validation',
        tags: 'before',
        // Back from a run (Cancel): its answers and counts no longer apply.
        entry: 'clearRun',
        on: {
          EDIT: { actions: { type: 'assignText', params: ({ event }) => ({ text: event.text }) } },
          TOGGLE_HISTORIC: { actions: 'toggleHistoric' },
          VALIDATE: { guard: 'canValidate', target: 'connection', actions: 'startRun' },
        },
      },
      connection: {
        description:
          'The validation socket is open: it checks each address while results and Add show',
        invoke: {
          id: 'validationSocket',
          src: 'validationSocket',
          input: ({ context }) => ({ addresses: context.submitted.slice(context.checks.length) }),
        },
        initial: 'validating',
        states: {
          validating: {
            description: 'The addresses are being checked; Cancel goes back to the address box',
            tags: 'validating',
            on: {
              CANCEL: '#addMailboxes.before',
              SOCKET_FAILED: {
                target: '#addMailboxes.failed',
                actions: {
                  type: 'assignError',
                  params: ({ event }) => ({ message: event.message }),
                },
              },
              SOCKET_CLOSED: [
                { guard: 'canReconnect', target: '#addMailboxes.reconnecting' },
                { target: '#addMailboxes.gaveUp' },
              ],
            },
            initial: 'connecting',
            states: {
              connecting: {
                description: 'Opening the validation socket',
                on: { SOCKET_READY: { target: 'checking', actions: 'resetReconnects' } },
              },
              checking: {
                description: 'Each address comes back valid or with its problem, one at a time',
                on: {
                  SOCKET_RESULT: [
                    {
                      guard: 'isLastCheck',
                      target: '#addMailboxes.connection.results',
                      actions: {
                        type: 'assignCheck',
                        params: ({ event }) => ({ check: event.check }),
                      },
                    },
                    {
                      actions: {
                        type: 'assignCheck',
                        params: ({ event }) => ({ check: event.check }),
                      },
                    },
                  ],
                },
              },
            },
          },
          // The connection stays open until Cancel or Add; a drop here needs no reconnection.
          results: {
            description:
              'Every address has its result; Add adds the valid ones, Copy copies the invalid ones',
            tags: 'results',
            on: {
              CANCEL: '#addMailboxes.before',
              COPY_INVALID: { actions: 'copyInvalidList' },
              ADD: { guard: 'canAdd', target: 'adding', actions: 'clearError' },
            },
          },
          adding: {
            description: 'Waiting for the server to add the valid mailboxes',
            tags: ['results', 'adding'],
            invoke: {
              id: 'createMailboxes',
              src: 'createMailboxes',
              input: ({ context }) => ({
                emails: validChecks(context).map((check) => check.email),
                dataFrom: dataFromDay(context.historic, new Date()),
              }),
              onDone: { target: '#addMailboxes.added', actions: ['toastAdded', 'goBack'] },
              onError: {
                target: 'results',
                actions: {
                  type: 'assignError',
                  params: ({ event }) => ({
                    message: isApiFailure(event.error) ? event.error.message : ADD_FAILED,
                  }),
                },
              },
            },
          },
        },
      },
      reconnecting: {
        description:
          'The socket closed unexpectedly; waiting a moment before reopening it for the addresses left',
        tags: 'validating',
        after: { reconnectDelay: { target: 'connection', actions: 'countReconnect' } },
        on: { CANCEL: 'before' },
      },
      // Try again starts a fresh series of reconnections, keeping the answers so far.
      gaveUp: {
        description: 'The socket kept closing; Try again reconnects and keeps the answers so far',
        entry: 'resetReconnects',
        on: { RETRY: 'connection', CANCEL: 'before' },
      },
      failed: {
        description: 'The validation failed with a message; Try again reconnects',
        entry: 'resetReconnects',
        on: { RETRY: { target: 'connection', actions: 'clearError' }, CANCEL: 'before' },
      },
      added: {
        description: 'Added; the page goes back to the mailboxes list with a toast',
        type: 'final',
      },
    },
  });
}

export type AddMailboxesMachine = ReturnType<typeof createAddMailboxesMachine>;
export type AddMailboxesActor = ActorRefFrom<AddMailboxesMachine>;
