import type { Mailbox } from '@/api/types';
import { assign, sendTo, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { limitRegion, listLoadStates, listRegion } from '../shared/list-tab.states';
import {
  createMailboxesActors,
  type MailboxesData,
  type RemoveMailboxesDraft,
} from './mailboxes.actors';
import { mailboxesRemovedToast, mailboxRow } from './mailboxes.rows';
import { createRemoveMachine, type ModalSavedEvent } from '../shared/modal-save.machine';
import { tableMachine } from '../shared/table.machine';
import { describeNamed } from '../shared/describe-named';

/** The tab's modals over the client; tests stand in their save calls. */
export function createMailboxesModals(client: ApiClient) {
  const actors = createMailboxesActors(client);
  return {
    remover: createRemoveMachine({
      id: 'removeMailboxes',
      emptyDraft: { emails: [], names: [], deleteData: false } satisfies RemoveMailboxesDraft,
      save: actors.removeMailboxes,
      successToast: mailboxesRemovedToast,
    }),
  };
}

export interface MailboxesInput {
  /** The list the shell loaded at sign-in, shown at once while a fresh one loads. */
  seed: MailboxesData | null;
  maxMailboxes: number;
  features: Features;
}

interface MailboxesContext {
  mailboxes: Mailbox[];
  maxMailboxes: number;
  features: Features;
  /** The mailbox whose update business hours modal is open. */
  hoursOf: string | null;
}

export type MailboxesEvent =
  | { type: 'RETRY' }
  /** Add mailboxes at the limit: the limit modal. Below it, the button is a plain link. */
  | { type: 'ADD' }
  | { type: 'CLOSE_LIMIT' }
  | { type: 'REMOVE'; mailboxes: Mailbox[] }
  /** Row menu Update business hours: offered only while business hours are editable. */
  | { type: 'EDIT_HOURS'; mailbox: Mailbox }
  | { type: 'CLOSE_HOURS' }
  | ModalSavedEvent;

/**
 * The mailboxes tab: the list (loaded, reloaded after each change), its table, the
 * remove-confirmation modal, the mailbox-limit modal and the update business hours modal.
 */
export function createMailboxesMachine(client: ApiClient) {
  const actors = createMailboxesActors(client);
  const mailboxesSetup = setup({
    types: {
      context: {} as MailboxesContext,
      events: {} as MailboxesEvent,
      input: {} as MailboxesInput,
    },
    actors: {
      load: actors.loadMailboxes,
      table: tableMachine,
      ...createMailboxesModals(client),
    },
    guards: {
      hasSeed: ({ context }) => context.mailboxes.length > 0,
      isAtLimit: ({ context }) => context.mailboxes.length >= context.maxMailboxes,
      isRemoval: ({ event }) => event.type === 'MODAL_SAVED' && event.modal === 'removeMailboxes',
      hasEditableHours: ({ context }) =>
        context.features.business_hours.enabled && !context.features.business_hours.read_only,
    },
    actions: {
      assignData: assign((_, params: { data: MailboxesData }) => params.data),
      showRows: sendTo('table', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.mailboxes.map(mailboxRow),
      })),
      assignHoursOf: assign((_, params: { email: string | null }) => ({ hoursOf: params.email })),
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
  });
  return mailboxesSetup.createMachine({
    id: 'mailboxes',
    description:
      "The mailboxes tab: the tracked mailboxes, removing them, the mailbox limit and each mailbox's business hours.",
    meta: describeNamed(mailboxesSetup, {
      guards: {
        hasSeed: 'The mailboxes loaded at sign-in are at hand, so the list shows at once',
        isAtLimit: 'The workspace tracks as many mailboxes as its plan allows',
        isRemoval: 'The modal that saved is the remove modal, so ticked rows are unticked',
        hasEditableHours: 'Business hours are on and this user may change them',
      },
      actions: {
        assignData: 'Keeps the mailboxes the server sent',
        showRows: 'Puts the mailboxes into the table as rows',
        assignHoursOf:
          "Remembers which mailbox's business hours modal is open (none when it closes)",
        clearSelection: 'Unticks every row of the table',
        openRemover: 'Opens the remove modal with the chosen mailboxes',
      },
    }),
    context: ({ input }) => ({
      mailboxes: input.seed?.mailboxes ?? [],
      maxMailboxes: input.maxMailboxes,
      features: input.features,
      hoursOf: null,
    }),
    invoke: [
      { id: 'table', src: 'table' },
      { id: 'remover', src: 'remover' },
    ],
    initial: 'starting',
    states: {
      ...listLoadStates<MailboxesData>(),
      ready: {
        description:
          'The list is on show: its table, remove modal, limit modal and business hours modal work side by side',
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
          // The hours modal reports MODAL_SAVED too, so the list shows the new mode.
          list: listRegion<MailboxesData>('mailboxes'),
          limit: limitRegion(),
          hours: {
            description:
              'The update business hours modal, offered on each row while business hours are editable',
            initial: 'checking',
            states: {
              checking: {
                description: 'Deciding whether rows offer Update business hours',
                always: [
                  { guard: 'hasEditableHours', target: 'closed' },
                  { target: 'unavailable' },
                ],
              },
              // Business hours disabled or read-only: the row menu has no Update business hours.
              unavailable: {
                description:
                  'Business hours are off or read-only: rows offer no Update business hours',
              },
              closed: {
                description: 'Rows offer Update business hours; no modal is open',
                tags: 'hoursEditable',
                on: {
                  EDIT_HOURS: {
                    target: 'open',
                    actions: {
                      type: 'assignHoursOf',
                      params: ({ event }) => ({ email: event.mailbox.email }),
                    },
                  },
                },
              },
              open: {
                description: 'The update business hours modal is open for one mailbox',
                tags: 'hoursEditable',
                on: {
                  CLOSE_HOURS: {
                    target: 'closed',
                    actions: { type: 'assignHoursOf', params: { email: null } },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
}

export type MailboxesMachine = ReturnType<typeof createMailboxesMachine>;
