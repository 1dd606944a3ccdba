import type { AuditPage } from '@/api/types';
import { assign, sendTo, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  auditRequest,
  sameAuditRequest,
  type ActivitySearch,
  type AuditRequest,
} from '@/domain/activity-search';
import { saveFile, type CsvFile } from '../native-dashboard/csv-file';
import { csvExportRegion } from '../shared/csv-export.states';
import { toastFailed } from '../shared/save-toasts';
import { tableMachine } from '../shared/table.machine';
import { createAuditActors, type AuditLoad } from './audit.actors';
import { auditRow, entryKey } from './audit.rows';
import { describeNamed } from '../shared/describe-named';

export interface AuditInput {
  /** The route's validated search: the filters and the page the URL holds. */
  search: ActivitySearch;
}

interface AuditContext extends AuditInput {
  /** The filters and page the entries are (being) fetched for. */
  request: AuditRequest;
  /** The last page that arrived: kept, dimmed, while the next one loads. */
  page: AuditPage | null;
  /** The workspace's timezone, which times are shown in (each page names it); null until one. */
  timezone: string | null;
  /** Keys of the entries opened to their before and after. */
  expanded: ReadonlySet<string>;
}

export type AuditEvent =
  /** The route's search changed: a filter (back to page 1) or the page. */
  | { type: 'SEARCH'; search: ActivitySearch }
  | { type: 'RETRY' }
  /** Opens an entry to its before and after, or closes it. */
  | { type: 'TOGGLE_ENTRY'; key: string }
  /** Every entry of the filters, as a CSV file. */
  | { type: 'EXPORT_CSV' };

export const EXPORT_FAILED = "We couldn't export the activity";

const searchOf = ({ event }: { event: { search: ActivitySearch } }) => ({ search: event.search });

/** SEARCH: other filters or another page load (a fetch still running is dropped). */
const searchTransitions = (reenter: boolean) =>
  [
    {
      guard: { type: 'isNewRequest', params: searchOf },
      target: 'loading',
      reenter,
      actions: { type: 'assignSearch', params: searchOf },
      description: 'Other filters or another page: load it.',
    },
    {
      actions: { type: 'assignSearch', params: searchOf },
      description: 'The same filters and page (a param the route dropped): nothing loads.',
    },
  ] as const;

/** The expanded entries that are still on the page. */
function keepOnPage(expanded: ReadonlySet<string>, page: AuditPage): ReadonlySet<string> {
  if (expanded.size === 0) return expanded;
  return new Set(page.entries.map(entryKey).filter((key) => expanded.has(key)));
}

/**
 * Settings → Activity: a page of the audit log for the route's filters (child `table` holds its
 * rows), entries opened to their before and after, and the CSV export of the same filters.
 * A new request re-enters `loading`, so a slow reply for old filters never replaces newer ones.
 */
export function createAuditMachine(client: ApiClient) {
  const auditSetup = setup({
    types: {
      context: {} as AuditContext,
      events: {} as AuditEvent,
      input: {} as AuditInput,
    },
    actors: { ...createAuditActors(client), table: tableMachine },
    guards: {
      isNewRequest: ({ context }, params: { search: ActivitySearch }) =>
        !sameAuditRequest(context.request, auditRequest(params.search)),
      isShownEntry: ({ context, event }) =>
        event.type === 'TOGGLE_ENTRY' &&
        context.page !== null &&
        context.page.entries.some((entry) => entryKey(entry) === event.key),
    },
    actions: {
      assignSearch: assign((_, params: { search: ActivitySearch }) => ({
        search: params.search,
        request: auditRequest(params.search),
      })),
      assignLoad: assign(({ context }, params: { load: AuditLoad }) => ({
        page: params.load.page,
        timezone: params.load.timezone,
        expanded: keepOnPage(context.expanded, params.load.page),
      })),
      showRows: sendTo('table', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.page?.entries.map(auditRow) ?? [],
      })),
      toggleEntry: assign(({ context }, params: { key: string }) => {
        const expanded = new Set(context.expanded);
        if (!expanded.delete(params.key)) expanded.add(params.key);
        return { expanded };
      }),
      saveCsv: (_, params: { file: CsvFile }) => saveFile(params.file),
      notifyExportFailed: (_, params: { error: unknown }) =>
        toastFailed(EXPORT_FAILED, params.error),
    },
  });
  return auditSetup.createMachine({
    id: 'audit',
    description:
      'Settings → Activity: who changed what, a page of the audit log at a time for the filters in the address, each entry opening to its before and after, and its CSV export.',
    meta: describeNamed(auditSetup, {
      guards: {
        isNewRequest: 'The filters or the page differ from those on show',
        isShownEntry: 'The entry to open or close is on the page on show',
      },
      actions: {
        assignSearch: 'Takes the filters and page from the address',
        assignLoad:
          "Shows the page that arrived in the workspace's timezone, keeping open the entries still on it",
        showRows: "Puts the page's entries into the table as rows",
        toggleEntry: 'Opens an entry to its before and after, or closes it',
        saveCsv: 'Hands the exported CSV file to the browser as a download',
        notifyExportFailed: 'Says the CSV export failed, and why',
      },
    }),
    type: 'parallel',
    context: ({ input }) => ({
      ...input,
      request: auditRequest(input.search),
      page: null,
      timezone: null,
      expanded: new Set(),
    }),
    invoke: { id: 'table', src: 'table' },
    on: {
      TOGGLE_ENTRY: {
        guard: 'isShownEntry',
        actions: { type: 'toggleEntry', params: ({ event }) => ({ key: event.key }) },
      },
    },
    states: {
      entries: {
        description: "A page of the activity log for the route's filters",
        initial: 'loading',
        states: {
          loading: {
            description: 'Loading the page of entries for the filters',
            invoke: {
              id: 'loadEntries',
              src: 'loadEntries',
              input: ({ context }) => context.request,
              onDone: {
                target: 'ready',
                actions: [
                  { type: 'assignLoad', params: ({ event }) => ({ load: event.output }) },
                  'showRows',
                ],
              },
              onError: 'failed',
            },
            on: { SEARCH: searchTransitions(true) },
          },
          ready: {
            description: 'The page of entries is on show; each entry opens to its before and after',
            on: { SEARCH: searchTransitions(false) },
          },
          failed: {
            description: 'The page could not be loaded: Something went wrong, with Refresh page',
            on: { RETRY: 'loading', SEARCH: searchTransitions(false) },
          },
        },
      },
      csv: csvExportRegion(({ context }: { context: AuditContext }) => context.request.filters),
    },
  });
}

export type AuditMachine = ReturnType<typeof createAuditMachine>;
