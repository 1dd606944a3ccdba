import type { ReportChoices, ReportList, ReportQueued, ReportSubscription } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { Features, Role } from '@/session/user-info';
import type { SaveInput } from '../shared/modal-save.machine';
import type { ReportDraft } from './reports.draft';

/** Someone a report can be for. */
export interface Recipient {
  email: string;
  name: string;
  role: Role;
}

/** What the remove confirmation removes. */
export interface RemoveReportsDraft {
  ids: number[];
  names: string[];
}

export function createReportsActors(client: ApiClient) {
  return {
    /** The subscriptions the caller may see: all for an admin, their own for anyone else. */
    loadReports: fromPromise<ReportList, { features: Features }>(async ({ signal }) =>
      expectData(client.GET('/portal/api/reports/', { signal })),
    ),

    /** The mailboxes and teams a report for this person may be narrowed to. */
    loadChoices: fromPromise<ReportChoices, { email: string }>(async ({ input, signal }) =>
      expectData(client.GET('/portal/api/reports/choices', { params: { query: input }, signal })),
    ),

    /** Creates a subscription (POST) or changes one (PATCH). */
    saveReport: fromPromise<ReportSubscription, SaveInput<ReportDraft>>(
      async ({ input: { draft } }) => {
        const narrowing = {
          frequency: draft.frequency,
          mailboxes: draft.narrowBy === 'mailboxes' ? draft.mailboxes : [],
          teams: draft.narrowBy === 'teams' ? draft.teams : [],
        };
        if (draft.id === null) {
          const body = { ...narrowing, email: draft.email };
          return expectData(client.POST('/portal/api/reports/', { body }));
        }
        return expectData(
          client.PATCH('/portal/api/reports/{id}', {
            params: { path: { id: draft.id } },
            body: narrowing,
          }),
        );
      },
    ),

    removeReports: fromPromise<void, SaveInput<RemoveReportsDraft>>(async ({ input }) => {
      await expectData(
        client.DELETE('/portal/api/reports/', { body: { subscriptions: input.draft.ids } }),
      );
    }),

    /** "Send me one now". */
    sendReportNow: fromPromise<ReportQueued, { id: number }>(async ({ input }) =>
      expectData(
        client.POST('/portal/api/reports/{id}/send', { params: { path: { id: input.id } } }),
      ),
    ),
  };
}

export type ReportsActors = ReturnType<typeof createReportsActors>;
