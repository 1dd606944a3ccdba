import type { DashboardFilters } from '@/api/types';
import { assign, enqueueActions, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  figuresRequest,
  rangeOf,
  sameRequest,
  type CsvExport,
  type DashboardSearch,
  type DayRange,
  type FiguresRequest,
} from '@/domain/dashboard-search';
import { csvExportRegion } from '../shared/csv-export.states';
import { toastFailed } from '../shared/save-toasts';
import type { CsvFile } from './csv-file';
import { createNativeDashboardActors, type Figures } from './native-dashboard.actors';
import { createUnrepliedMachine } from './unreplied.machine';
import { describeNamed } from '../shared/describe-named';

export interface NativeDashboardInput {
  /** The route's validated search: the filters and views the URL holds. */
  search: DashboardSearch;
  /** Today as the viewer's calendar day: the default period ends today. */
  today: string;
  /** Viewers have no mailbox filter: a mailbox in the URL is never sent for them. */
  canFilterMailboxes: boolean;
}

interface NativeDashboardContext extends NativeDashboardInput {
  /** The period the search shows. */
  range: DayRange;
  /** What the filters offer the caller; null until loaded. */
  choices: DashboardFilters | null;
  /** The request the figures are fetched for (the newest); null until the choices are known. */
  request: FiguresRequest | null;
  /** The last figures that arrived: kept, dimmed, while newer ones load. */
  figures: Figures | null;
  /** The export asked for last: the breakdown's, or the requests' (with who closed them). */
  exportFile: CsvExport;
}

export type NativeDashboardEvent =
  /** The route's search changed (a filter, a period, a view). */
  | { type: 'SEARCH'; search: DashboardSearch }
  | { type: 'RETRY' }
  /**
   * Export of the breakdown as shown (the default), or of the period's requests, as a CSV file.
   */
  | { type: 'EXPORT_CSV'; file?: CsvExport };

const EXPORT_FAILED: Record<CsvExport, string> = {
  breakdown: "We couldn't export the breakdown",
  requests: "We couldn't export the requests",
};

const searchOf = ({ event }: { event: { search: DashboardSearch } }) => ({ search: event.search });

/** SEARCH in a state with figures: a new request loads (the running fetch is dropped). */
const searchTransitions = (reenter: boolean) =>
  [
    {
      guard: { type: 'isNewRequest', params: searchOf },
      target: 'loading',
      reenter,
      actions: [{ type: 'assignSearch', params: searchOf }, 'showUnreplied'],
      description: 'Filters that ask for other figures: load them.',
    },
    {
      actions: { type: 'assignSearch', params: searchOf },
      description: 'A search that asks for the same figures (an unknown filter): nothing loads.',
    },
  ] as const;

/**
 * The native dashboard: the filter choices once, then the figures for the route's search, the
 * unreplied list (child `unreplied`) and the CSV exports (the breakdown, the requests). A new
 * request re-enters `loading`, which stops the running fetch: its answer, however late, is never
 * taken, so a slow reply for an old filter cannot overwrite a newer one.
 */
export function createNativeDashboardMachine(client: ApiClient) {
  const nativeDashboardSetup = setup({
    types: {
      context: {} as NativeDashboardContext,
      events: {} as NativeDashboardEvent,
      input: {} as NativeDashboardInput,
    },
    actors: { ...createNativeDashboardActors(client), unreplied: createUnrepliedMachine(client) },
    guards: {
      isNewRequest: ({ context }, params: { search: DashboardSearch }) =>
        context.choices !== null &&
        !sameRequest(
          figuresRequest(params.search, context.choices, context.today, context.canFilterMailboxes),
          context.request,
        ),
      hasRequest: ({ context }) => context.request !== null,
    },
    actions: {
      assignChoices: assign((_, params: { choices: DashboardFilters }) => params),
      /** The search, its period, and (once the choices are known) its request. */
      assignSearch: assign(({ context }, params: { search: DashboardSearch }) => ({
        search: params.search,
        range: rangeOf(params.search, context.today),
        request:
          context.choices &&
          figuresRequest(params.search, context.choices, context.today, context.canFilterMailboxes),
      })),
      assignFigures: assign((_, params: { figures: Figures }) => params),
      assignExport: assign(({ event }) => ({
        exportFile: event.type === 'EXPORT_CSV' ? (event.file ?? 'breakdown') : 'breakdown',
      })),
      showUnreplied: enqueueActions(({ context, enqueue }) => {
        if (context.request) {
          enqueue.sendTo('unreplied', { type: 'SHOW', query: context.request.query });
        }
      }),
      // Loaded when a file is saved: a first load of the dashboard does not pay for it.
      saveCsv: (_, params: { file: CsvFile }) =>
        void import('./csv-file').then(({ saveFile }) => saveFile(params.file)),
      notifyExportFailed: ({ context }, params: { error: unknown }) =>
        toastFailed(EXPORT_FAILED[context.exportFile], params.error),
    },
  });
  return nativeDashboardSetup.createMachine({
    id: 'nativeDashboard',
    description:
      "Mailpulse's own dashboard: the figures for the filters in the address, the unreplied list and the CSV exports of the breakdown and of the requests; a late answer for old filters never replaces newer figures.",
    meta: describeNamed(nativeDashboardSetup, {
      guards: {
        isNewRequest:
          'The filter choices are known and the new filters ask for other figures than those on show',
        hasRequest:
          "The figures' request is known, so the breakdown or the requests can be exported",
      },
      actions: {
        assignChoices: 'Keeps the filter choices: the mailboxes and teams the user may filter by',
        assignSearch:
          'Takes the filters from the address, with their period and the figures they ask for',
        assignFigures: 'Shows the figures that arrived',
        assignExport:
          'Keeps which export was asked for: the breakdown (the default) or the requests',
        showUnreplied: 'Tells the unreplied list the current filters',
        saveCsv: 'Hands the exported CSV file to the browser as a download',
        notifyExportFailed: 'Says which CSV export failed, and why',
      },
    }),
    type: 'parallel',
    context: ({ input }) => ({
      ...input,
      range: rangeOf(input.search, input.today),
      choices: null,
      request: null,
      figures: null,
      exportFile: 'breakdown',
    }),
    invoke: { id: 'unreplied', src: 'unreplied' },
    states: {
      figures: {
        description: "The tiles, charts and breakdown for the route's filters",
        initial: 'loadingChoices',
        states: {
          loadingChoices: {
            description:
              'Loading the filter choices (mailboxes, teams) first: the request needs them',
            invoke: {
              id: 'loadChoices',
              src: 'loadChoices',
              onDone: {
                target: 'loading',
                actions: [
                  { type: 'assignChoices', params: ({ event }) => ({ choices: event.output }) },
                  { type: 'assignSearch', params: ({ context }) => ({ search: context.search }) },
                  'showUnreplied',
                ],
              },
              onError: 'choicesFailed',
            },
            on: { SEARCH: { actions: { type: 'assignSearch', params: searchOf } } },
          },
          choicesFailed: {
            description: 'No choices, no figures: the page shows its failure state',
            on: {
              RETRY: 'loadingChoices',
              SEARCH: { actions: { type: 'assignSearch', params: searchOf } },
            },
          },
          loading: {
            description:
              'Loading the figures for the filters; the last figures stay on show meanwhile',
            invoke: {
              id: 'loadFigures',
              src: 'loadFigures',
              input: ({ context }) => {
                if (!context.request) throw new Error('loading without a request');
                return { request: context.request, shown: context.figures };
              },
              onDone: {
                target: 'ready',
                actions: {
                  type: 'assignFigures',
                  params: ({ event }) => ({ figures: event.output }),
                },
              },
              onError: 'failed',
            },
            on: { SEARCH: searchTransitions(true) },
          },
          ready: {
            description: 'The figures for the filters are on show',
            on: { SEARCH: searchTransitions(false) },
          },
          failed: {
            description: 'The figures could not be updated: the last ones stay, with Try again',
            on: { RETRY: 'loading', SEARCH: searchTransitions(false) },
          },
        },
      },
      csv: csvExportRegion(
        ({ context }: { context: NativeDashboardContext }) => {
          if (!context.request) throw new Error('exporting without a request');
          const { by, query } = context.request;
          return { file: context.exportFile, by, query };
        },
        'hasRequest',
        'assignExport',
      ),
    },
  });
}

export type NativeDashboardMachine = ReturnType<typeof createNativeDashboardMachine>;
