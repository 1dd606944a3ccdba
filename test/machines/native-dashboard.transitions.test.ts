import type { DashboardFilters, StatsUnrepliedPage } from '../../src/api/types';
import { afterEach, describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DashboardSearch, FiguresRequest } from '../../src/domain/dashboard-search';
import type { CsvFile } from '../../src/machines/native-dashboard/csv-file';
import {
  createNativeDashboardActors,
  type Figures,
  type FiguresInput,
  type UnrepliedRequest,
} from '../../src/machines/native-dashboard/native-dashboard.actors';
import { createNativeDashboardMachine } from '../../src/machines/native-dashboard/native-dashboard.machine';
import {
  nativeDashboardView,
  unrepliedView,
} from '../../src/machines/native-dashboard/native-dashboard.view';
import { createUnrepliedMachine } from '../../src/machines/native-dashboard/unreplied.machine';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { fakeApi, type FakeReply } from '../unit/support/fake-api';
import { choices, makeFigures, unrepliedPage } from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

const checks = transitionChecks();
const dashboard = createNativeDashboardMachine(offlineClient);
const unrepliedList = createUnrepliedMachine(offlineClient);

// What the native dashboard's machine does with the route's search: the request it builds,
// when it asks again, the unreplied list's paging, and the CSV export with its failure toast.

afterEach(() => dismissAllToasts());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const TODAY = '2026-03-31';
const EXPORT = '/portal/api/stats/export.csv';

interface Options {
  search?: DashboardSearch;
  canFilterMailboxes?: boolean;
  exportReply?: FakeReply;
  /** The filter choices' answer, held by the test; the start waits for the figures without one. */
  choicesReply?: Promise<DashboardFilters>;
}

/** The machine with its calls recorded: the figures and unreplied answer at once. */
async function start(options: Options = {}) {
  const { search = {}, canFilterMailboxes = true, exportReply, choicesReply } = options;
  const figureRequests: FiguresRequest[] = [];
  const unrepliedRequests: UnrepliedRequest[] = [];
  const saved: CsvFile[] = [];
  const api = fakeApi({ [`GET ${EXPORT}`]: exportReply ?? { body: 'mailbox,received\n' } });
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

describe('native dashboard: the request of a search', () => {
  checks.it(
    dashboard,
    ['assignSearch'],
    'asks for the last 30 days by default, with the period before, leaving out unknown filters',
    async () => {
      const { figureRequests } = await start({
        search: { mailboxes: 'sales@acme.example,ghost@acme.example', teams: '1,9', by: 'team' },
      });
      expect(figureRequests).toEqual([
        {
          query: {
            from: '2026-03-02',
            to: TODAY,
            target: 7200,
            mailboxes: 'sales@acme.example',
            teams: '1',
          },
          previous: { from: '2026-01-31', to: '2026-03-01' },
          by: 'team',
          granularity: 'day',
          time: 'business',
        },
      ]);
    },
  );

  checks.it(dashboard, ['assignSearch'], 'never sends a mailbox filter for a viewer', async () => {
    const { figureRequests } = await start({
      search: { mailboxes: 'sales@acme.example' },
      canFilterMailboxes: false,
    });
    expect(figureRequests[0]?.query).not.toHaveProperty('mailboxes');
  });

  checks.it(
    dashboard,
    ['isNewRequest', 'assignSearch'],
    'asks nothing for a search that asks for the same figures, but keeps the search',
    async () => {
      const { actor, figureRequests } = await start();
      actor.send({ type: 'SEARCH', search: { mailboxes: 'ghost@acme.example' } });
      await flush();
      expect(figureRequests).toHaveLength(1);
      expect(actor.getSnapshot().context.search).toEqual({ mailboxes: 'ghost@acme.example' });
      expect(actor.getSnapshot().matches({ figures: 'ready' })).toBe(true);
    },
  );
});

describe('native dashboard: the choices and the figures', () => {
  checks.it(
    dashboard,
    ['assignChoices', 'showUnreplied'],
    'asks for nothing until the choices arrive, then for the latest search’s figures and list',
    async () => {
      let answer: (filters: DashboardFilters) => void = () => undefined;
      const choicesReply = new Promise<DashboardFilters>((resolve) => (answer = resolve));
      const { actor, figureRequests, unrepliedRequests, list } = await start({ choicesReply });
      actor.send({ type: 'SEARCH', search: { teams: '1' } });
      await flush();
      expect(nativeDashboardView(actor.getSnapshot())).toMatchObject({
        phase: 'starting',
        choices: null,
      });
      expect(figureRequests).toEqual([]);
      expect(unrepliedRequests).toEqual([]);
      expect(unrepliedView(list().getSnapshot()).loading).toBe(true);
      answer(choices);
      await waitFor(actor, (snapshot) => snapshot.matches({ figures: 'ready' }));
      await flush();
      expect(nativeDashboardView(actor.getSnapshot()).choices).toEqual(choices);
      const query = { from: '2026-03-02', to: TODAY, target: 7200, teams: '1' };
      expect(figureRequests.map((request) => request.query)).toEqual([query]);
      expect(unrepliedRequests).toEqual([{ query, page: 1 }]);
      expect(unrepliedView(list().getSnapshot())).toMatchObject({ page: unrepliedPage });
    },
  );

  checks.it(
    dashboard,
    ['assignFigures'],
    'shows the figures that arrived, dims them while newer ones load, then shows those',
    async () => {
      const { actor } = await start();
      const view = () => nativeDashboardView(actor.getSnapshot());
      expect(view()).toMatchObject({ phase: 'ready', stale: false });
      expect(view().figures?.summary.received).toBe(1);
      actor.send({ type: 'SEARCH', search: { from: '2026-03-01', to: '2026-03-15' } });
      expect(view()).toMatchObject({ phase: 'loading', stale: true });
      expect(view().figures?.summary.received).toBe(1);
      await waitFor(actor, (snapshot) => snapshot.matches({ figures: 'ready' }));
      expect(view().stale).toBe(false);
      expect(view().figures?.summary.received).toBe(2);
      expect(view().figures?.request.query).toMatchObject({ from: '2026-03-01', to: '2026-03-15' });
    },
  );

  checks.it(
    dashboard,
    ['showUnreplied'],
    'new filters show the list’s first page of them; the same figures leave the list alone',
    async () => {
      const { actor, unrepliedRequests, list } = await start();
      list().send({ type: 'PAGE', page: 3 });
      await flush();
      actor.send({ type: 'SEARCH', search: { mailboxes: 'ghost@acme.example' } });
      await flush();
      expect(unrepliedRequests.map((request) => request.page)).toEqual([1, 3]);
      actor.send({ type: 'SEARCH', search: { mailboxes: 'sales@acme.example' } });
      await flush();
      expect(unrepliedRequests.at(-1)).toEqual({
        query: { from: '2026-03-02', to: TODAY, target: 7200, mailboxes: 'sales@acme.example' },
        page: 1,
      });
    },
  );
});

describe('native dashboard: the unreplied list', () => {
  checks.it(
    unrepliedList,
    ['hasQuery'],
    'Previous and Next ask for nothing until the dashboard has sent its filters',
    async () => {
      const requests: UnrepliedRequest[] = [];
      const machine = createUnrepliedMachine(offlineClient).provide({
        actors: {
          loadUnreplied: fromPromise<StatsUnrepliedPage, UnrepliedRequest>(async ({ input }) => {
            requests.push(input);
            return unrepliedPage;
          }),
        },
      });
      const actor = createActor(machine).start();
      actor.send({ type: 'PAGE', page: 2 });
      await flush();
      expect(requests).toEqual([]);
      expect(unrepliedView(actor.getSnapshot())).toMatchObject({ page: null, loading: true });
      const query = { from: '2026-03-02', to: TODAY, target: 7200 };
      actor.send({ type: 'SHOW', query });
      actor.send({ type: 'PAGE', page: 2 });
      await waitFor(actor, (snapshot) => snapshot.matches('ready'));
      expect(requests).toEqual([
        { query, page: 1 },
        { query, page: 2 },
      ]);
      expect(unrepliedView(actor.getSnapshot())).toMatchObject({ page: unrepliedPage });
    },
  );

  checks.it(
    unrepliedList,
    ['assignPageNumber', 'assignPage'],
    'shows page 1 of the filters, then the page asked for',
    async () => {
      const { unrepliedRequests, list } = await start();
      expect(unrepliedRequests).toEqual([
        { query: { from: '2026-03-02', to: TODAY, target: 7200 }, page: 1 },
      ]);
      list().send({ type: 'PAGE', page: 2 });
      await flush();
      expect(unrepliedRequests.at(-1)).toEqual({ query: unrepliedRequests[0]?.query, page: 2 });
    },
  );

  checks.it(
    unrepliedList,
    ['isNewQuery', 'assignQuery'],
    'keeps its page for another time basis or grouping, and starts again at 1 for new filters',
    async () => {
      const { actor, unrepliedRequests, list } = await start();
      list().send({ type: 'PAGE', page: 2 });
      await flush();
      actor.send({ type: 'SEARCH', search: { time: 'calendar', by: 'domain' } });
      await flush();
      expect(unrepliedRequests).toHaveLength(2);
      actor.send({ type: 'SEARCH', search: { from: '2026-02-01', to: '2026-02-28' } });
      await flush();
      expect(unrepliedRequests.at(-1)).toEqual({
        query: { from: '2026-02-01', to: '2026-02-28', target: 7200 },
        page: 1,
      });
    },
  );
});

describe('native dashboard: the CSV export', () => {
  checks.it(
    dashboard,
    ['saveCsv'],
    'exports the breakdown as shown and saves it under its grouping and period',
    async () => {
      const { actor, api, saved } = await start({ search: { by: 'team' } });
      actor.send({ type: 'EXPORT_CSV' });
      expect(actor.getSnapshot().matches({ csv: 'exporting' })).toBe(true);
      await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
      expect(Object.fromEntries(api.callsTo('GET', EXPORT)[0]?.query ?? [])).toEqual({
        from: '2026-03-02',
        to: TODAY,
        target: '7200',
        by: 'team',
      });
      expect(saved.map((file) => file.name)).toEqual([`mailpulse-team-2026-03-02-${TODAY}.csv`]);
      expect(await saved[0]?.blob.text()).toContain('mailbox,received');
      expect(getToasts()).toEqual([]);
    },
  );

  checks.it(
    dashboard,
    ['notifyExportFailed'],
    'toasts what failed and the server’s reason, saves nothing, and can export again',
    async () => {
      const reply = { status: 400, body: { error: 'invalid', message: 'The period is too long.' } };
      const { actor, saved } = await start({ exportReply: reply });
      actor.send({ type: 'EXPORT_CSV' });
      await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
      expect(saved).toEqual([]);
      expect(getToasts()).toMatchObject([
        {
          title: "We couldn't export the breakdown",
          description: 'The period is too long.',
          variant: 'error',
        },
      ]);
      expect(actor.getSnapshot().can({ type: 'EXPORT_CSV' })).toBe(true);
    },
  );

  checks.it(
    dashboard,
    ['hasRequest'],
    'refuses EXPORT_CSV before there are figures to export',
    () => {
      const machine = createNativeDashboardMachine(offlineClient).provide({
        actors: { loadChoices: fromPromise<DashboardFilters>(() => new Promise(() => undefined)) },
      });
      const input = { search: {}, today: TODAY, canFilterMailboxes: true };
      const actor = createActor(machine, { input }).start();
      expect(actor.getSnapshot().can({ type: 'EXPORT_CSV' })).toBe(false);
      actor.stop();
    },
  );
});

checks.keep();
