import type { DashboardFilters, StatsUnrepliedPage } from '../../../src/api/types';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DashboardSearch, FiguresRequest } from '../../../src/domain/dashboard-search';
import type { CsvFile } from '../../../src/machines/native-dashboard/csv-file';
import {
  createNativeDashboardActors,
  type Figures,
  type FiguresInput,
  type UnrepliedRequest,
} from '../../../src/machines/native-dashboard/native-dashboard.actors';
import { createNativeDashboardMachine } from '../../../src/machines/native-dashboard/native-dashboard.machine';
import { createUnrepliedMachine } from '../../../src/machines/native-dashboard/unreplied.machine';
import { fakeApi, type FakeReply } from '../../unit/support/fake-api';
import { choices, makeFigures, unrepliedPage } from '../../support/native-dashboard-fixtures';
import { offlineClient } from '../../support/offline-client';

// The native dashboard's machine as its transition tests drive it
// (native-dashboard.search.transitions.test.ts, native-dashboard.list-csv.transitions.test.ts).

export const dashboard = createNativeDashboardMachine(offlineClient);

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
export const TODAY = '2026-03-31';
export const EXPORT = '/portal/api/stats/export.csv';
export const REQUESTS_EXPORT = '/portal/api/stats/requests.csv';

interface Options {
  search?: DashboardSearch;
  canFilterMailboxes?: boolean;
  exportReply?: FakeReply;
  requestsReply?: FakeReply;
  /** The filter choices' answer, held by the test; the start waits for the figures without one. */
  choicesReply?: Promise<DashboardFilters>;
}

/** The machine with its calls recorded: the figures and unreplied answer at once. */
export async function startNativeDashboard(options: Options = {}) {
  const { search = {}, canFilterMailboxes = true, exportReply, requestsReply } = options;
  const { choicesReply } = options;
  const figureRequests: FiguresRequest[] = [];
  const unrepliedRequests: UnrepliedRequest[] = [];
  const saved: CsvFile[] = [];
  const api = fakeApi({
    [`GET ${EXPORT}`]: exportReply ?? { body: 'mailbox,received\n' },
    [`GET ${REQUESTS_EXPORT}`]: requestsReply ?? { body: 'mailbox,from,subject\n' },
  });
  const unreplied = createUnrepliedMachine(offlineClient).provide({
    actors: {
      loadUnreplied: fromPromise<StatsUnrepliedPage, UnrepliedRequest>(async ({ input }) => {
        unrepliedRequests.push(input);
        return unrepliedPage;
      }),
    },
  });
  const machine = createNativeDashboardMachine(offlineClient).provide({
    actors: {
      loadChoices: fromPromise(() => choicesReply ?? Promise.resolve(choices)),
      // Each answer counts the requests so far as its emails received: 1, 2, …
      loadFigures: fromPromise<Figures, FiguresInput>(async ({ input }) => {
        figureRequests.push(input.request);
        return makeFigures(input.request, figureRequests.length);
      }),
      exportCsv: createNativeDashboardActors(api.client).exportCsv,
      unreplied,
    },
    actions: { saveCsv: (_, params: { file: CsvFile }) => void saved.push(params.file) },
  });
  const actor = createActor(machine, { input: { search, today: TODAY, canFilterMailboxes } });
  actor.start();
  if (!choicesReply) await waitFor(actor, (snapshot) => snapshot.matches({ figures: 'ready' }));
  await flush();
  const list = () => {
    const child = actor.getSnapshot().children.unreplied;
    if (!child) throw new Error('no unreplied list');
    return child;
  };
  return { actor, api, figureRequests, unrepliedRequests, saved, list };
}
