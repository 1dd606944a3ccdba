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
  return setup({
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
  }).createMachine({
    id: 'addMailboxes',
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
      loadFailed: { on: { RETRY: 'loading' } },
      before: {
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
        invoke: {
          id: 'validationSocket',
          src: 'validationSocket',
          input: ({ context }) => ({ addresses: context.submitted.slice(context.checks.length) }),
        },
        initial: 'validating',
        states: {
          validating: {
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
                on: { SOCKET_READY: { target: 'checking', actions: 'resetReconnects' } },
              },
              checking: {
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
            tags: 'results',
            on: {
              CANCEL: '#addMailboxes.before',
              COPY_INVALID: { actions: 'copyInvalidList' },
              ADD: { guard: 'canAdd', target: 'adding', actions: 'clearError' },
            },
          },
          adding: {
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
        tags: 'validating',
        after: { reconnectDelay: { target: 'connection', actions: 'countReconnect' } },
        on: { CANCEL: 'before' },
      },
      // Try again starts a fresh series of reconnections, keeping the answers so far.
      gaveUp: {
        entry: 'resetReconnects',
        on: { RETRY: 'connection', CANCEL: 'before' },
      },
      failed: {
        entry: 'resetReconnects',
        on: { RETRY: { target: 'connection', actions: 'clearError' }, CANCEL: 'before' },
      },
      added: { type: 'final' },
    },
  });
}

export type AddMailboxesMachine = ReturnType<typeof createAddMailboxesMachine>;
export type AddMailboxesActor = ActorRefFrom<AddMailboxesMachine>;
