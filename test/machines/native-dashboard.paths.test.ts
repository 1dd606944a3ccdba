import type { DashboardFilters } from '../../src/api/types';
import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { DashboardSearch } from '../../src/domain/dashboard-search';
import type { CsvFile } from '../../src/machines/native-dashboard/csv-file';
import type {
  ExportInput,
  Figures,
  FiguresInput,
} from '../../src/machines/native-dashboard/native-dashboard.actors';
import {
  createNativeDashboardMachine,
  type NativeDashboardEvent,
  type NativeDashboardInput,
} from '../../src/machines/native-dashboard/native-dashboard.machine';
import {
  choices,
  makeFigures,
  makeRequest,
  quietUnrepliedList,
} from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';
import {
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });
const input: NativeDashboardInput = { search: {}, today: '2026-02-28', canFilterMailboxes: true };
const calendar: DashboardSearch = { time: 'calendar' };

const start = startWithStandIns(
  (actors) =>
    createNativeDashboardMachine(offlineClient).provide({
      actors: {
        loadChoices: actors.promise<DashboardFilters>('loadChoices'),
        loadFigures: actors.promise<Figures, FiguresInput>('loadFigures'),
        exportCsv: actors.promise<CsvFile, ExportInput>('exportCsv'),
        // The unreplied list is the child's business (its own path tests).
        unreplied: quietUnrepliedList,
      },
      actions: { saveCsv: () => undefined, notifyExportFailed: () => undefined },
    }),
  input,
);

const executors = { SEARCH: send, RETRY: send, EXPORT_CSV: send } satisfies Executors<
  { send(event: NativeDashboardEvent): void },
  NativeDashboardEvent
>;

/** `SEARCH(time=calendar)`, `SEARCH()`, `EXPORT_CSV(requests)`: what a step sends. */
function label(event: EventObject): string {
  if (event.type === 'EXPORT_CSV') {
    const { file } = event as NativeDashboardEvent & { type: 'EXPORT_CSV' };
    return file ? `EXPORT_CSV(${file})` : event.type;
  }
  if (event.type !== 'SEARCH') return event.type;
  const { search } = event as NativeDashboardEvent & { type: 'SEARCH' };
  return `SEARCH(${Object.entries(search)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('&')})`;
}

describe('native dashboard machine paths', () => {
  describePathTests({
    machine: createNativeDashboardMachine(offlineClient),
    input,
    events: [
      { type: 'SEARCH', search: calendar },
      { type: 'SEARCH', search: {} },
      { type: 'RETRY' },
      { type: 'EXPORT_CSV' },
      { type: 'EXPORT_CSV', file: 'requests' },
      { type: 'xstate.done.actor.loadChoices', output: choices },
      { type: 'xstate.error.actor.loadChoices', error: failure },
      {
        type: 'xstate.done.actor.loadFigures',
        output: makeFigures(makeRequest('2026-01-30', '2026-02-28'), 5),
      },
      { type: 'xstate.error.actor.loadFigures', error: failure },
      {
        type: 'xstate.done.actor.exportCsv',
        output: { name: 'mailpulse.csv', blob: new Blob(['a,b\n']) },
      },
      { type: 'xstate.error.actor.exportCsv', error: failure },
    ],
    label,
    start,
    executors,
  });
});
