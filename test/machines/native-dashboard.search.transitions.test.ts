import type { DashboardFilters } from '../../src/api/types';
import { afterEach, describe, expect } from 'vitest';
import { waitFor } from 'xstate';
import {
  nativeDashboardView,
  unrepliedView,
} from '../../src/machines/native-dashboard/native-dashboard.view';
import { dismissAllToasts } from '../../src/stores/toast-store';
import { choices, unrepliedPage } from '../support/native-dashboard-fixtures';
import { transitionChecks } from './support/checks';
import { dashboard, flush, startNativeDashboard as start, TODAY } from './support/native-dashboard';

afterEach(() => dismissAllToasts());
const checks = transitionChecks();

// What the native dashboard's machine does with the route's search: the request it builds, when
// it asks again, and the choices and figures it shows. The unreplied list's paging and the CSV
// export are in native-dashboard.list-csv.transitions.test.ts.

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

checks.keep();
