import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { ActivityFilters, AuditRequest } from '../../src/domain/activity-search';
import type { AuditLoad } from '../../src/machines/audit/audit.actors';
import {
  createAuditMachine,
  type AuditEvent,
  type AuditInput,
} from '../../src/machines/audit/audit.machine';
import type { CsvFile } from '../../src/machines/native-dashboard/csv-file';
import { makeAuditPage, makeEntry } from '../support/audit-fixtures';
import { offlineClient } from '../support/offline-client';
import {
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });
const input: AuditInput = { search: {} };
const load: AuditLoad = { page: makeAuditPage([makeEntry(3)]), timezone: 'Europe/Madrid' };

const start = startWithStandIns(
  (actors) =>
    createAuditMachine(offlineClient).provide({
      actors: {
        loadEntries: actors.promise<AuditLoad, AuditRequest>('loadEntries'),
        exportCsv: actors.promise<CsvFile, ActivityFilters>('exportCsv'),
      },
      actions: { saveCsv: () => undefined, notifyExportFailed: () => undefined },
    }),
  input,
);

const executors = {
  SEARCH: send,
  RETRY: send,
  TOGGLE_ENTRY: send,
  EXPORT_CSV: send,
} satisfies Executors<{ send(event: AuditEvent): void }, AuditEvent>;

/** `SEARCH(operation=updateTeam)`, `SEARCH()`: which search a step sends. */
function label(event: EventObject): string {
  if (event.type !== 'SEARCH') return event.type;
  const { search } = event as AuditEvent & { type: 'SEARCH' };
  return `SEARCH(${Object.entries(search)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('&')})`;
}

describe('audit machine paths', () => {
  describePathTests({
    machine: createAuditMachine(offlineClient),
    input,
    events: [
      { type: 'SEARCH', search: { operation: 'updateTeam' } },
      { type: 'SEARCH', search: {} },
      { type: 'RETRY' },
      { type: 'TOGGLE_ENTRY', key: '3' },
      { type: 'EXPORT_CSV' },
      { type: 'xstate.done.actor.loadEntries', output: load },
      { type: 'xstate.error.actor.loadEntries', error: failure },
      {
        type: 'xstate.done.actor.exportCsv',
        output: { name: 'mailpulse-activity.csv', blob: new Blob(['time\n']) },
      },
      { type: 'xstate.error.actor.exportCsv', error: failure },
    ],
    label,
    start,
    executors,
  });
});
