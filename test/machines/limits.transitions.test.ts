import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise, type ActorRef, type Snapshot } from 'xstate';
import type { AlertsData } from '../../src/machines/alerts/alerts.actors';
import { createAlertsMachine } from '../../src/machines/alerts/alerts.machine';
import type { MailboxesData } from '../../src/machines/mailboxes/mailboxes.actors';
import { createMailboxesMachine } from '../../src/machines/mailboxes/mailboxes.machine';
import type { TeamsData } from '../../src/machines/teams/teams.actors';
import { createTeamsMachine } from '../../src/machines/teams/teams.machine';
import type { UsersData } from '../../src/machines/users/users.actors';
import { createUsersMachine } from '../../src/machines/users/users.machine';
import type { Features } from '../../src/session/user-info';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox, makeSettingsUser, makeTeam } from '../support/settings-fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

const checks = transitionChecks();
const alerts = createAlertsMachine(offlineClient);
const users = createUsersMachine(offlineClient);
const mailboxes = createMailboxesMachine(offlineClient);
const teams = createTeamsMachine(offlineClient);

// Path tests prove states are reachable; these check what a user notices after one event:
// which toast shows and which modal opens. Each tab starts from the lists loaded at sign-in,
// and its refresh never answers, so nothing else moves.

const pending = <T>() =>
  fromPromise<T, { features: Features }>(() => new Promise<T>(() => undefined));
const features = makeFeatures();
const SALES = makeMailbox('sales@acme.example');

const toastTitles = () => getToasts().map((item) => item.title);
/** Whether a modal-save child shows its modal. */
const isVisible = (
  child: ActorRef<Snapshot<unknown> & { hasTag(tag: string): boolean }, never> | undefined,
) => child?.getSnapshot().hasTag('visible') === true;

beforeEach(() => dismissAllToasts());

describe('alerts: Create new alert', () => {
  const data: AlertsData = {
    alerts: [makeAlert(1, 'Key accounts waiting')],
    mailboxes: [SALES],
    emailDelivery: true,
  };
  const start = (maxAlerts: number) =>
    createActor(
      createAlertsMachine(offlineClient).provide({ actors: { load: pending<AlertsData>() } }),
      {
        input: { seed: data, features, maxAlerts, userEmail: 'ada@acme.example' },
      },
    ).start();

  checks.it(
    alerts,
    ['isAtLimit', 'showLimitToast'],
    "at the limit toasts You've reched your limit of alerts and opens nothing",
    () => {
      const actor = start(1);
      actor.send({ type: 'CREATE' });
      expect(toastTitles()).toEqual(["You've reched your limit of alerts"]);
      expect(isVisible(actor.getSnapshot().children.editor)).toBe(false);
    },
  );

  checks.it(
    alerts,
    ['isAtLimit', 'openEditor'],
    'below the limit opens the editor with the admin as the one to notify, and no toast',
    () => {
      const actor = start(2);
      actor.send({ type: 'CREATE' });
      expect(toastTitles()).toEqual([]);
      const editor = actor.getSnapshot().children.editor;
      expect(isVisible(editor)).toBe(true);
      expect(editor?.getSnapshot().context.draft).toMatchObject({
        id: null,
        notifyEmails: { values: ['ada@acme.example'], pending: '' },
      });
    },
  );
});

describe('users: Add new users', () => {
  const data: UsersData = {
    users: [makeSettingsUser('ada@acme.example', { role: 'admin' })],
    mailboxes: [SALES],
    teams: [],
  };
  const start = (maxUsers: number) =>
    createActor(
      createUsersMachine(offlineClient).provide({ actors: { load: pending<UsersData>() } }),
      {
        input: { seed: data, maxUsers, currentEmail: 'ada@acme.example', features },
      },
    ).start();

  checks.it(users, ['isAtLimit'], 'at the limit opens the user-limit modal, not the editor', () => {
    const actor = start(1);
    actor.send({ type: 'ADD' });
    expect(actor.getSnapshot().matches({ ready: { limit: 'open' } })).toBe(true);
    expect(isVisible(actor.getSnapshot().children.editor)).toBe(false);
  });

  checks.it(
    users,
    ['isAtLimit', 'openEditor'],
    'below the limit opens the editor, not the limit modal',
    () => {
      const actor = start(2);
      actor.send({ type: 'ADD' });
      expect(actor.getSnapshot().matches({ ready: { limit: 'closed' } })).toBe(true);
      expect(isVisible(actor.getSnapshot().children.editor)).toBe(true);
    },
  );
});

describe('mailboxes: Add mailboxes', () => {
  const start = (maxMailboxes: number) =>
    createActor(
      createMailboxesMachine(offlineClient).provide({
        actors: { load: fromPromise<MailboxesData>(() => new Promise(() => undefined)) },
      }),
      {
        input: { seed: { mailboxes: [SALES] }, maxMailboxes, features },
      },
    ).start();

  checks.it(mailboxes, ['isAtLimit'], 'at the limit opens the mailbox-limit modal', () => {
    const actor = start(1);
    actor.send({ type: 'ADD' });
    expect(actor.getSnapshot().matches({ ready: { limit: 'open' } })).toBe(true);
  });

  checks.it(
    mailboxes,
    ['isAtLimit'],
    'below the limit opens no modal (the button is a link to the add page)',
    () => {
      const actor = start(2);
      actor.send({ type: 'ADD' });
      expect(actor.getSnapshot().matches({ ready: { limit: 'closed' } })).toBe(true);
    },
  );
});

describe('teams: Create team', () => {
  checks.it(teams, ['openEditor'], 'opens the editor on an empty team, with no toast', () => {
    const data: TeamsData = { teams: [makeTeam(1, 'Sales', [SALES.email])], mailboxes: [SALES] };
    const actor = createActor(
      createTeamsMachine(offlineClient).provide({ actors: { load: pending<TeamsData>() } }),
      {
        input: { seed: data, features },
      },
    ).start();
    actor.send({ type: 'CREATE' });
    expect(toastTitles()).toEqual([]);
    const editor = actor.getSnapshot().children.editor;
    expect(isVisible(editor)).toBe(true);
    expect(editor?.getSnapshot().context.draft).toMatchObject({ id: null });
  });
});

checks.keep();
