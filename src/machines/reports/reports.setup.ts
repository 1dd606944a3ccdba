import type { ReportChoices, ReportList, ReportQueued, ReportSubscription } from '@/api/types';
import { assign, sendTo, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { toast } from '@/stores/toast-store';
import {
  createModalSaveMachine,
  createRemoveMachine,
  type ModalSavedEvent,
} from '../shared/modal-save.machine';
import { failureMessage } from '../shared/save-toasts';
import { tableMachine } from '../shared/table.machine';
import { createReportsActors, type Recipient, type RemoveReportsDraft } from './reports.actors';
import {
  canSubmitReport,
  draftOf,
  EMPTY_REPORT_DRAFT,
  newReportDraft,
  type ReportDraft,
} from './reports.draft';
import { reportRow, reportSavedToast, reportSentToast, reportsRemovedToast } from './reports.rows';

// The reports machine's types, modals and named guards, actions and actors; its states are in
// reports.machine.ts.

export interface ReportsInput {
  /** The list loaded at sign-in (admins), shown at once while a fresh one loads. */
  seed: ReportList | null;
  features: Features;
  /** The signed-in user. */
  self: Recipient;
  /** Whom the caller may subscribe: every user for an admin's tab, themself otherwise. */
  recipients: Recipient[];
}

interface ReportsContext {
  reports: ReportList;
  seeded: boolean;
  features: Features;
  self: Recipient;
  recipients: Recipient[];
  /** Whose narrowing choices are loaded (or loading) for the editor. */
  choicesFor: string;
  choices: ReportChoices | null;
  /** The subscription a copy is being sent of. */
  sending: ReportSubscription | null;
}

export type ReportsEvent =
  | { type: 'RETRY' }
  | { type: 'CREATE' }
  | { type: 'EDIT'; subscription: ReportSubscription }
  /** A new recipient in the editor: its draft (narrowing cleared) and their choices. */
  | { type: 'CHOOSE_RECIPIENT'; draft: ReportDraft }
  | { type: 'RETRY_CHOICES' }
  | { type: 'REMOVE'; subscriptions: ReportSubscription[] }
  | { type: 'SEND_NOW'; subscription: ReportSubscription }
  /** The dashboard's "Email me a report" panel. */
  | { type: 'OPEN_PANEL' }
  | { type: 'CLOSE_PANEL' }
  | ModalSavedEvent;

/** The signed-in user's own subscriptions (an admin's list holds everyone's). */
export const ownReports = (context: Pick<ReportsContext, 'reports' | 'self'>) =>
  context.reports.subscriptions.filter(
    (s) => s.email.toLowerCase() === context.self.email.toLowerCase(),
  );

export const EMPTY_LIST: ReportList = { subscriptions: [], email_delivery: true, max_per_user: 10 };

/** The reports' modals over the client; tests stand in their save calls. */
export function createReportsModals(client: ApiClient) {
  const actors = createReportsActors(client);
  return {
    editor: createModalSaveMachine({
      id: 'reportEditor',
      emptyDraft: EMPTY_REPORT_DRAFT,
      save: actors.saveReport,
      canSubmit: canSubmitReport,
      successToast: (draft) => reportSavedToast(draft.id === null),
    }),
    remover: createRemoveMachine({
      id: 'removeReports',
      emptyDraft: { ids: [], names: [] } satisfies RemoveReportsDraft,
      save: actors.removeReports,
      successToast: reportsRemovedToast,
    }),
  };
}

/** The reports machine's setup: its children and calls, guards and actions over the client. */
export function reportsSetup(client: ApiClient) {
  const actors = createReportsActors(client);
  return setup({
    types: {
      context: {} as ReportsContext,
      events: {} as ReportsEvent,
      input: {} as ReportsInput,
    },
    actors: {
      load: actors.loadReports,
      choices: actors.loadChoices,
      send: actors.sendReportNow,
      table: tableMachine,
      ...createReportsModals(client),
    },
    guards: {
      hasSeed: ({ context }) => context.seeded,
      isRemoval: ({ event }) => event.type === 'MODAL_SAVED' && event.modal === 'removeReports',
      /** The signed-in user has no report yet: the panel opens on the form. */
      hasNoReports: ({ context }) => ownReports(context).length === 0,
    },
    actions: {
      assignData: assign((_, params: { data: ReportList }) => ({
        reports: params.data,
        seeded: true,
      })),
      showRows: sendTo('table', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.reports.subscriptions.map(reportRow),
      })),
      clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
      openEditor: sendTo('editor', ({ context }, params: { event: ReportsEvent }) => {
        const { event } = params;
        const draft =
          event.type === 'EDIT'
            ? draftOf(event.subscription)
            : event.type === 'CHOOSE_RECIPIENT'
              ? event.draft
              : newReportDraft(context.self.email);
        return { type: event.type === 'CHOOSE_RECIPIENT' ? 'EDIT' : 'OPEN', draft } as const;
      }),
      assignChoicesFor: assign(({ context }, params: { event: ReportsEvent }) => {
        const { event } = params;
        if (event.type === 'RETRY_CHOICES') return {};
        const email =
          event.type === 'EDIT'
            ? event.subscription.email
            : event.type === 'CHOOSE_RECIPIENT'
              ? event.draft.email
              : context.self.email;
        return { choicesFor: email, choices: null };
      }),
      assignChoices: assign((_, params: { choices: ReportChoices }) => ({
        choices: params.choices,
      })),
      openRemover: sendTo('remover', (_, params: { subscriptions: ReportSubscription[] }) => ({
        type: 'OPEN' as const,
        draft: {
          ids: params.subscriptions.map((s) => s.id),
          names: params.subscriptions.map((s) => `${s.email}'s ${s.frequency} report`),
        },
      })),
      assignSending: assign((_, params: { subscription: ReportSubscription | null }) => ({
        sending: params.subscription,
      })),
      showSent: (_, params: { queued: ReportQueued }) => toast(reportSentToast(params.queued)),
      showSendFailed: (_, params: { error: unknown }) =>
        toast({
          title: "We couldn't send the report",
          description: failureMessage(params.error),
          variant: 'error',
        }),
    },
  });
}
