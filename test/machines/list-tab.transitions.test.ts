import { describe, expect } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { AlertsData } from '../../src/machines/alerts/alerts.actors';
import { createAlertsMachine } from '../../src/machines/alerts/alerts.machine';
import type { MailboxesData } from '../../src/machines/mailboxes/mailboxes.actors';
import { createMailboxesMachine } from '../../src/machines/mailboxes/mailboxes.machine';
import { createReportsMachine } from '../../src/machines/reports/reports.machine';
import { listTabView, type ListTabSnapshot } from '../../src/machines/shared/list-tab.view';
import { tableView } from '../../src/machines/shared/table.view';
import type { TeamsData } from '../../src/machines/teams/teams.actors';
import { createTeamsMachine } from '../../src/machines/teams/teams.machine';
import type { UsersData } from '../../src/machines/users/users.actors';
import { createUsersMachine } from '../../src/machines/users/users.machine';
import type { ReportList } from '../../src/api/types';
import type { Features } from '../../src/session/user-info';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { ADA, makeReport, reportList, VERA } from '../support/reports-fixtures';
import { makeMailbox, makeSettingsUser, makeTeam } from '../support/settings-fixtures';
import { transitionChecks } from './support/checks';

// The states the list tabs share (src/machines/shared/list-tab.states.ts), checked on each tab:
// what its table shows from the lists loaded at sign-in and after its own load, and which saved
// modal clears the rows ticked in it.

const checks = transitionChecks();
type LoadInput = { features: Features };
const features = makeFeatures();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A load that answers when the test says, counting its calls. */
function controlledLoad<T>() {
  const pending: ((data: T) => void)[] = [];
  return {
    next: () => new Promise<T>((resolve) => pending.push(resolve)),
    calls: () => pending.length,
    answer: async (data: T) => {
      pending.at(-1)?.(data);
      await flush();
    },
  };
}

interface Started {
  actor: AnyActorRef;
  calls: () => number;
  /** Answers the pending load with one row, or two. */
  answer: (rows: 1 | 2) => Promise<void>;
}

interface Tab {
  name: string;
  machine: AnyStateMachine;
  /** Started with one row loaded at sign-in, or with nothing loaded. */
  start: (seeded: boolean) => Started;
  removal: string;
}

function tab<TData, TSeed>(
  name: string,
  removal: string,
  build: (load: () => Promise<TData>, seed: TSeed | null) => AnyActorRef,
  data: { 1: TData; 2: TData },
  seedOf: (data: TData) => TSeed,
  machine: AnyStateMachine,
): Tab {
  return {
    name,
    machine,
    removal,
    start: (seeded) => {
      const load = controlledLoad<TData>();
      const actor = build(load.next, seeded ? seedOf(data[1]) : null);
      actor.start();
      return { actor, calls: load.calls, answer: (rows) => load.answer(data[rows]) };
    },
  };
}

const same = <T>(data: T) => data;
const SALES = makeMailbox('sales@acme.example');
const SUPPORT = makeMailbox('support@acme.example');
const ADA_USER = makeSettingsUser(ADA.email, { role: 'admin' });
const MAX_USER = makeSettingsUser('max@acme.example');

const tabs: Tab[] = [
  tab<TeamsData, TeamsData>(
    'teams',
    'removeTeams',
    (load, seed) =>
      createActor(
        createTeamsMachine(offlineClient).provide({
          actors: { load: fromPromise<TeamsData, LoadInput>(load) },
        }),
        {
          input: { seed, features },
        },
      ),
    {
      1: { teams: [makeTeam(1, 'Sales', [SALES.email])], mailboxes: [SALES] },
      2: {
        teams: [makeTeam(1, 'Sales', [SALES.email]), makeTeam(2, 'Support', [SUPPORT.email])],
        mailboxes: [SALES, SUPPORT],
      },
    },
    same,
    createTeamsMachine(offlineClient),
  ),
  tab<UsersData, UsersData>(
    'users',
    'removeUsers',
    (load, seed) =>
      createActor(
        createUsersMachine(offlineClient).provide({
          actors: { load: fromPromise<UsersData, LoadInput>(load) },
        }),
        {
          input: { seed, features, maxUsers: 10, currentEmail: VERA.email },
        },
      ),
    {
      1: { users: [ADA_USER], mailboxes: [SALES], teams: [] },
      2: { users: [ADA_USER, MAX_USER], mailboxes: [SALES], teams: [] },
    },
    same,
    createUsersMachine(offlineClient),
  ),
  tab<MailboxesData, MailboxesData>(
    'mailboxes',
    'removeMailboxes',
    (load, seed) =>
      createActor(
        createMailboxesMachine(offlineClient).provide({
          actors: { load: fromPromise<MailboxesData>(load) },
        }),
        {
          input: { seed, features, maxMailboxes: 10 },
        },
      ),
    { 1: { mailboxes: [SALES] }, 2: { mailboxes: [SALES, SUPPORT] } },
    same,
    createMailboxesMachine(offlineClient),
  ),
  tab<AlertsData, Omit<AlertsData, 'emailDelivery'>>(
    'alerts',
    'removeAlerts',
    (load, seed) =>
      createActor(
        createAlertsMachine(offlineClient).provide({
          actors: { load: fromPromise<AlertsData, LoadInput>(load) },
        }),
        {
          input: { seed, features, maxAlerts: 10, userEmail: ADA.email },
        },
      ),
    {
      1: { alerts: [makeAlert(1, 'Key accounts')], mailboxes: [SALES], emailDelivery: true },
      2: {
        alerts: [makeAlert(1, 'Key accounts'), makeAlert(2, 'Support backlog')],
        mailboxes: [SALES],
        emailDelivery: true,
      },
    },
    ({ alerts, mailboxes }) => ({ alerts, mailboxes }),
    createAlertsMachine(offlineClient),
  ),
  tab<ReportList, ReportList>(
    'reports',
    'removeReports',
    (load, seed) =>
      createActor(
        createReportsMachine(offlineClient).provide({
          actors: { load: fromPromise<ReportList, LoadInput>(load) },
        }),
        {
          input: { seed, features, self: ADA, recipients: [ADA, VERA] },
        },
      ),
    {
      1: reportList([makeReport(1, ADA.email)]),
      2: reportList([makeReport(1, ADA.email), makeReport(2, VERA.email)]),
    },
    same,
    createReportsMachine(offlineClient),
  ),
];

const viewOf = (actor: AnyActorRef) => {
  const { status, table } = listTabView(actor.getSnapshot() as ListTabSnapshot);
  return { status, table: table && tableView(table.getSnapshot()) };
};

describe.each(tabs)('$name tab', ({ name, machine, start, removal }) => {
  checks.it(
    machine,
    ['hasSeed', 'showRows', 'assignData'],
    `${name}: shows the list loaded at sign-in at once, then the fresh one`,
    async () => {
      const { actor, calls, answer } = start(true);
      expect(viewOf(actor)).toMatchObject({ status: 'ready', table: { body: 'rows' } });
      expect(viewOf(actor).table?.visible).toHaveLength(1);
      expect(calls()).toBe(1);
      await answer(2);
      expect(viewOf(actor).table?.visible).toHaveLength(2);
    },
  );

  checks.it(
    machine,
    ['hasSeed', 'assignData', 'showRows'],
    `${name}: with nothing loaded at sign-in, shows the loading state, then the rows`,
    async () => {
      const { actor, answer } = start(false);
      expect(viewOf(actor)).toMatchObject({ status: 'loading', table: { body: 'empty' } });
      await answer(2);
      expect(viewOf(actor)).toMatchObject({ status: 'ready', table: { body: 'rows' } });
      expect(viewOf(actor).table?.visible).toHaveLength(2);
    },
  );

  checks.it(
    machine,
    ['isRemoval', 'clearSelection'],
    `${name}: a removal reloads the list and clears the ticked rows; another saved modal keeps them`,
    async () => {
      const { actor, calls, answer } = start(false);
      await answer(2);
      const table = listTabView(actor.getSnapshot() as ListTabSnapshot).table;
      table?.send({ type: 'TOGGLE_ALL' });
      const ticked = viewOf(actor).table?.selected.size ?? 0;
      expect(ticked).toBeGreaterThan(0);
      actor.send({ type: 'MODAL_SAVED', modal: 'editor' });
      expect(calls()).toBe(2);
      expect(viewOf(actor).table?.selected.size).toBe(ticked);
      actor.send({ type: 'MODAL_SAVED', modal: removal });
      expect(calls()).toBe(3);
      expect(viewOf(actor).table?.selected.size).toBe(0);
    },
  );
});

checks.keep();
