import { afterEach, describe, expect } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { withFilters, type ActivitySearch } from '../../src/domain/activity-search';
import { createAuditActors } from '../../src/machines/audit/audit.actors';
import { createAuditMachine, EXPORT_FAILED } from '../../src/machines/audit/audit.machine';
import { auditView } from '../../src/machines/audit/audit.view';
import type { CsvFile } from '../../src/machines/native-dashboard/csv-file';
import { tableView } from '../../src/machines/shared/table.view';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { makeAuditPage, makeEntry } from '../support/audit-fixtures';
import { offlineClient } from '../support/offline-client';
import { fakeApi, type FakeReply, type RecordedCall } from '../unit/support/fake-api';
import { transitionChecks } from './support/checks';

const checks = transitionChecks();
const audit = createAuditMachine(offlineClient);

// What the Activity tab's machine does that a user notices: which page of which filters it asks
// for, opening and closing entries, Refresh page after a failure, and the export with its toast.

afterEach(() => dismissAllToasts());

const LIST = '/portal/api/audit/';
const EXPORT = '/portal/api/audit/export.csv';
const ENTRIES = [makeEntry(12), makeEntry(11, { operation: 'createTeam' })];

/** Page 1 holds entries 12 and 11, page 2 entry 1, of 120 in all. */
const byPage = (call: RecordedCall): FakeReply =>
  call.query.get('page') === '2'
    ? { body: makeAuditPage([makeEntry(1)], 2, 120, 'America/New_York') }
    : { body: makeAuditPage(ENTRIES, 1, 120, 'America/New_York') };

interface Options {
  search?: ActivitySearch;
  listReply?: FakeReply | ((call: RecordedCall) => FakeReply);
  exportReply?: FakeReply;
}

async function start({ search = {}, listReply, exportReply }: Options = {}) {
  const saved: CsvFile[] = [];
  const api = fakeApi({
    [`GET ${LIST}`]: listReply ?? { body: makeAuditPage(ENTRIES, 1, 120, 'America/New_York') },
    [`GET ${EXPORT}`]: exportReply ?? { body: 'time,actor\n' },
  });
  const machine = createAuditMachine(api.client).provide({
    actors: createAuditActors(api.client),
    actions: { saveCsv: (_, params: { file: CsvFile }) => void saved.push(params.file) },
  });
  const actor = createActor(machine, { input: { search } }).start();
  await waitFor(actor, (snapshot) => !snapshot.matches({ entries: 'loading' }));
  const listQueries = () => api.callsTo('GET', LIST).map((call) => Object.fromEntries(call.query));
  return { actor, api, saved, listQueries };
}

const settled = (actor: Awaited<ReturnType<typeof start>>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.matches({ entries: 'loading' }));

describe('audit: the page of the filters', () => {
  checks.it(
    audit,
    ['assignSearch', 'assignLoad'],
    'asks for the URL’s filters and page, and shows times in the zone the page names',
    async () => {
      const { actor, listQueries } = await start({
        search: { from: '2026-03-01', actor: 'ada', page: 3 },
      });
      expect(listQueries()).toEqual([
        { from: '2026-03-01', actor: 'ada', page: '3', page_size: '50' },
      ]);
      const view = auditView(actor.getSnapshot());
      expect(view.timezone).toBe('America/New_York');
      expect(view.rows[0]).toMatchObject({ day: 'Mar 05, 2026', time: '09:05:09' });
      expect(view).toMatchObject({ page: 1, pages: 3, first: 1, last: 2, total: 120 });
    },
  );

  checks.it(
    audit,
    ['isNewRequest', 'assignSearch'],
    'a filter change asks again from page 1; the same filters and page ask nothing',
    async () => {
      const search: ActivitySearch = { operation: 'updateTeam', page: 4 };
      const { actor, listQueries } = await start({ search });
      actor.send({ type: 'SEARCH', search: { ...search } });
      await settled(actor);
      expect(listQueries()).toHaveLength(1);

      actor.send({ type: 'SEARCH', search: withFilters(search, { target: 'Support' }) });
      expect(actor.getSnapshot().matches({ entries: 'loading' })).toBe(true);
      await settled(actor);
      expect(listQueries().at(-1)).toEqual({
        operation: 'updateTeam',
        target: 'Support',
        page: '1',
        page_size: '50',
      });
    },
  );

  checks.it(
    audit,
    ['isNewRequest'],
    'keeps the old page, dimmed, while the next one loads',
    async () => {
      const { actor } = await start({ listReply: byPage });
      actor.send({ type: 'SEARCH', search: { page: 2 } });
      const loading = auditView(actor.getSnapshot());
      expect(loading).toMatchObject({ status: 'ready', stale: true, page: 1 });
      expect(loading.rows.map((row) => row.key)).toEqual(['12', '11']);
      await settled(actor);
      expect(auditView(actor.getSnapshot())).toMatchObject({ stale: false, page: 2 });
    },
  );

  checks.it(
    audit,
    ['showRows'],
    'the table lists the page’s entries, and the empty state when the filters select none',
    async () => {
      const { actor } = await start({
        listReply: (call) =>
          call.query.get('operation') === 'deleteTeam'
            ? { body: makeAuditPage([], 1, 0) }
            : { body: makeAuditPage(ENTRIES, 1, 120) },
      });
      const table = () => {
        const child = auditView(actor.getSnapshot()).table;
        if (!child) throw new Error('no table');
        return tableView(child.getSnapshot());
      };
      expect(table()).toMatchObject({ body: 'rows', visible: ['12', '11'] });
      actor.send({ type: 'SEARCH', search: { operation: 'deleteTeam' } });
      await settled(actor);
      expect(table()).toMatchObject({ body: 'empty', visible: [] });
      actor.send({ type: 'SEARCH', search: {} });
      await settled(actor);
      expect(table()).toMatchObject({ body: 'rows', visible: ['12', '11'] });
    },
  );
});

describe('audit: opening entries', () => {
  checks.it(
    audit,
    ['isShownEntry', 'toggleEntry'],
    'opens an entry to its before and after, closes it again, and ignores a key not shown',
    async () => {
      const { actor } = await start();
      const expanded = () => auditView(actor.getSnapshot()).rows.map((row) => row.expanded);
      actor.send({ type: 'TOGGLE_ENTRY', key: '11' });
      expect(expanded()).toEqual([false, true]);
      expect(auditView(actor.getSnapshot()).rows[1]?.changes).toEqual([
        { key: 'name', label: 'Name', before: 'Support', after: 'Customer Support' },
        {
          key: 'members',
          label: 'Members',
          before: 'billing@acme.example, info@acme.example',
          after: 'billing@acme.example',
        },
      ]);
      actor.send({ type: 'TOGGLE_ENTRY', key: '99' });
      expect(actor.getSnapshot().context.expanded).toEqual(new Set(['11']));
      actor.send({ type: 'TOGGLE_ENTRY', key: '11' });
      expect(expanded()).toEqual([false, false]);
    },
  );

  checks.it(audit, ['assignLoad'], 'another page closes what was open', async () => {
    const { actor } = await start({ listReply: byPage });
    actor.send({ type: 'TOGGLE_ENTRY', key: '12' });
    actor.send({ type: 'SEARCH', search: { page: 2 } });
    await settled(actor);
    actor.send({ type: 'SEARCH', search: {} });
    await settled(actor);
    expect(auditView(actor.getSnapshot()).rows.map((row) => row.expanded)).toEqual([false, false]);
  });
});

describe('audit: a failed load', () => {
  checks.it(
    audit,
    ['assignLoad'],
    'shows the failure state, and Refresh page asks again',
    async () => {
      let fail = true;
      const { actor, listQueries } = await start({
        listReply: () =>
          fail
            ? { status: 500, body: { error: 'server', message: 'boom' } }
            : { body: makeAuditPage(ENTRIES) },
      });
      expect(auditView(actor.getSnapshot()).status).toBe('failed');
      fail = false;
      actor.send({ type: 'RETRY' });
      await settled(actor);
      expect(listQueries()).toHaveLength(2);
      expect(auditView(actor.getSnapshot())).toMatchObject({ status: 'ready', total: 2 });
    },
  );
});

describe('audit: the CSV export', () => {
  checks.it(
    audit,
    ['saveCsv'],
    'exports every entry of the filters (no page) and saves it under its period',
    async () => {
      const { actor, api, saved } = await start({
        search: { from: '2026-03-01', to: '2026-03-31', operation: 'createTeam', page: 2 },
      });
      actor.send({ type: 'EXPORT_CSV' });
      expect(auditView(actor.getSnapshot()).exporting).toBe(true);
      await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
      expect(Object.fromEntries(api.callsTo('GET', EXPORT)[0]?.query ?? [])).toEqual({
        from: '2026-03-01',
        to: '2026-03-31',
        operation: 'createTeam',
      });
      expect(saved.map((file) => file.name)).toEqual([
        'mailpulse-activity-2026-03-01-2026-03-31.csv',
      ]);
      expect(getToasts()).toEqual([]);
    },
  );

  checks.it(
    audit,
    ['notifyExportFailed'],
    'toasts what failed and the server’s reason, saves nothing, and can export again',
    async () => {
      const reply = { status: 400, body: { error: 'invalid', message: 'to: before from.' } };
      const { actor, saved } = await start({ exportReply: reply });
      actor.send({ type: 'EXPORT_CSV' });
      await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
      expect(saved).toEqual([]);
      expect(getToasts()).toMatchObject([
        { title: EXPORT_FAILED, description: 'to: before from.', variant: 'error' },
      ]);
      expect(actor.getSnapshot().can({ type: 'EXPORT_CSV' })).toBe(true);
    },
  );
});

checks.keep();
