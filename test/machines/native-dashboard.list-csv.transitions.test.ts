import type { DashboardFilters, StatsUnrepliedPage } from '../../src/api/types';
import { afterEach, describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UnrepliedRequest } from '../../src/machines/native-dashboard/native-dashboard.actors';
import { createNativeDashboardMachine } from '../../src/machines/native-dashboard/native-dashboard.machine';
import { unrepliedView } from '../../src/machines/native-dashboard/native-dashboard.view';
import { createUnrepliedMachine } from '../../src/machines/native-dashboard/unreplied.machine';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { unrepliedPage } from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';
import {
  dashboard,
  EXPORT,
  flush,
  REQUESTS_EXPORT,
  startNativeDashboard as start,
  TODAY,
} from './support/native-dashboard';

afterEach(() => dismissAllToasts());
const checks = transitionChecks();
const unrepliedList = createUnrepliedMachine(offlineClient);

// What the native dashboard's unreplied list does with the filters and pages it is sent, and the
// dashboard's CSV export with its failure toast. The request a search builds and the figures it
// shows are in native-dashboard.search.transitions.test.ts.

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
    ['assignExport'],
    "exports the period's requests with the filters but not the target, saved as requests",
    async () => {
      const { actor, api, saved } = await start({ search: { by: 'team' } });
      actor.send({ type: 'EXPORT_CSV', file: 'requests' });
      await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
      expect(api.callsTo('GET', EXPORT)).toEqual([]);
      expect(Object.fromEntries(api.callsTo('GET', REQUESTS_EXPORT)[0]?.query ?? [])).toEqual({
        from: '2026-03-02',
        to: TODAY,
      });
      expect(saved.map((file) => file.name)).toEqual([
        `mailpulse-requests-2026-03-02-${TODAY}.csv`,
      ]);
      expect(await saved[0]?.blob.text()).toContain('mailbox,from,subject');
      // The breakdown's export stays the default.
      actor.send({ type: 'EXPORT_CSV' });
      await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
      expect(saved.map((file) => file.name)).toContain(`mailpulse-team-2026-03-02-${TODAY}.csv`);
    },
  );

  checks.it(dashboard, [], 'names the requests in the toast when their export fails', async () => {
    const reply = { status: 400, body: { error: 'invalid', message: 'The period is too long.' } };
    const { actor, saved } = await start({ requestsReply: reply });
    actor.send({ type: 'EXPORT_CSV', file: 'requests' });
    await waitFor(actor, (snapshot) => snapshot.matches({ csv: 'idle' }));
    expect(saved).toEqual([]);
    expect(getToasts()).toMatchObject([
      { title: "We couldn't export the requests", description: 'The period is too long.' },
    ]);
  });

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
