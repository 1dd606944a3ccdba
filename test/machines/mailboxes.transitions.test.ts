import { describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MailboxesData } from '../../src/machines/mailboxes/mailboxes.actors';
import { createMailboxesMachine } from '../../src/machines/mailboxes/mailboxes.machine';
import { mailboxesView } from '../../src/machines/mailboxes/mailboxes.view';
import { makeFeatures, type FeatureOverrides } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { makeMailbox } from '../support/settings-fixtures';
import { transitionChecks } from './support/checks';

// The mailboxes tab beyond the list-tab states (list-tab.transitions.test.ts) and the mailbox
// limit (limits.transitions.test.ts): Remove, and the row menu's Update business hours.

const checks = transitionChecks();
const mailboxes = createMailboxesMachine(offlineClient);
const SALES = makeMailbox('sales@acme.example', { full_name: 'Sales team' });
const SUPPORT = makeMailbox('support@acme.example', { full_name: '' });

function start(features: FeatureOverrides = {}) {
  const machine = mailboxes.provide({
    actors: { load: fromPromise<MailboxesData>(() => new Promise(() => undefined)) },
  });
  const actor = createActor(machine, {
    input: {
      seed: { mailboxes: [SALES, SUPPORT] },
      features: makeFeatures(features),
      maxMailboxes: 10,
    },
  }).start();
  return { actor, view: () => mailboxesView(actor.getSnapshot()) };
}

describe('mailboxes: Remove', () => {
  checks.it(
    mailboxes,
    ['openRemover'],
    'asks about the ticked mailboxes by name, or by address, keeping their data by default',
    () => {
      const { actor, view } = start();
      actor.send({ type: 'REMOVE', mailboxes: [SALES, SUPPORT] });
      const remover = view().remover?.getSnapshot();
      expect(remover?.hasTag('visible')).toBe(true);
      expect(remover?.context.draft).toEqual({
        emails: [SALES.email, SUPPORT.email],
        names: ['Sales team', SUPPORT.email],
        deleteData: false,
      });
    },
  );
});

describe('mailboxes: Update business hours', () => {
  checks.it(
    mailboxes,
    ['hasEditableHours', 'assignHoursOf'],
    'opens the modal on the chosen mailbox, and closes it',
    () => {
      const { actor, view } = start();
      expect(view()).toMatchObject({ hoursEditable: true, hoursOf: null });
      actor.send({ type: 'EDIT_HOURS', mailbox: SUPPORT });
      expect(view().hoursOf).toBe(SUPPORT.email);
      actor.send({ type: 'CLOSE_HOURS' });
      expect(view().hoursOf).toBeNull();
      expect(actor.getSnapshot().context.hoursOf).toBeNull();
    },
  );

  checks.it(
    mailboxes,
    ['hasEditableHours'],
    'is not offered while business hours are read-only or disabled',
    () => {
      for (const flags of [{ read_only: true }, { enabled: false }]) {
        const { actor, view } = start({ business_hours: flags });
        expect(view().hoursEditable).toBe(false);
        actor.send({ type: 'EDIT_HOURS', mailbox: SALES });
        expect(view().hoursOf).toBeNull();
      }
    },
  );
});

checks.keep();
