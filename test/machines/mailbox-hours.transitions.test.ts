import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  MailboxHoursChange,
  MailboxHoursData,
} from '../../src/machines/business-hours/mailbox-hours.actors';
import { createMailboxHoursMachine } from '../../src/machines/business-hours/mailbox-hours.machine';
import { mailboxHoursView } from '../../src/machines/business-hours/mailbox-hours.view';
import { ApiFailure } from '../../src/api/errors';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The holiday choice of the update business hours modal: what Save sends for each mode, and
// the guard that keeps Custom hours following a country from saving without one.

const checks = transitionChecks();
const mailboxHours = createMailboxHoursMachine(offlineClient);
const EMAIL = 'madrid@acme.example';
const days = (['Mon', 'Tue'] as const).map((weekday) => ({
  weekday,
  start_time: '09:00:00',
  end_time: '17:00:00',
}));
const COUNTRIES = [
  { code: 'ES', name: 'Spain', regions: [{ code: 'MD', name: 'Madrid' }] },
  { code: 'US', name: 'United States of America', regions: [] },
];
const custom = (holidays: MailboxHoursData['mailbox']['holidays']): MailboxHoursData => ({
  mailbox: { bhs_status: 'Custom', business_hours: days, timezone: 'Europe/Madrid', holidays },
  company: { business_hours: days, timezone: 'Europe/Madrid' },
  countries: COUNTRIES,
});

function start(data: MailboxHoursData, refusal?: ApiFailure) {
  const saved: MailboxHoursChange[] = [];
  const machine = mailboxHours.provide({
    actors: {
      loadMailboxHours: fromPromise<MailboxHoursData, { email: string }>(() =>
        Promise.resolve(data),
      ),
      saveMailboxHours: fromPromise<void, MailboxHoursChange>(({ input }) => {
        saved.push(input);
        return refusal ? Promise.reject(refusal) : Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine, { input: { email: EMAIL } }).start();
  return { actor, saved };
}

type Actor = ReturnType<typeof start>['actor'];
const editing = (actor: Actor) => waitFor(actor, (s) => s.matches('editing'));
const view = (actor: Actor) => mailboxHoursView(actor.getSnapshot());

beforeEach(() => dismissAllToasts());

describe('mailbox business hours: the holiday choice', () => {
  checks.it(
    mailboxHours,
    ['assignData', 'notifySaved'],
    'shows a Custom mailbox’s own country and region, and saves them with its hours',
    async () => {
      const { actor, saved } = start(custom({ follows: 'country', country: 'ES', region: 'MD' }));
      await editing(actor);
      expect(view(actor)).toMatchObject({
        holidays: { follows: 'country', country: 'ES', region: 'MD' },
        regions: [{ code: 'MD', name: 'Madrid' }],
        noCountry: false,
      });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('saved'));
      expect(view(actor).saved).toBe(true);
      expect(getToasts().map((t) => t.title)).toEqual(['Business hours updated']);
      expect(saved).toEqual([
        {
          email: EMAIL,
          mode: 'Custom',
          hours: { business_hours: days, timezone: 'Europe/Madrid' },
          holidays: { follows: 'country', country: 'ES', region: 'MD' },
        },
      ]);
    },
  );

  checks.it(
    mailboxHours,
    ['isSavable', 'assignHolidays'],
    'keeps Save disabled while a country is to be followed but none is chosen',
    async () => {
      const { actor } = start(custom({ follows: 'company', country: null, region: null }));
      await editing(actor);
      actor.send({ type: 'SET_HOLIDAYS', holidays: { follows: 'country' } });
      expect(view(actor)).toMatchObject({ noCountry: true, canSave: false });
      actor.send({ type: 'SET_HOLIDAYS', holidays: { country: 'US' } });
      expect(view(actor)).toMatchObject({ noCountry: false, canSave: true, regions: [] });
    },
  );

  checks.it(
    mailboxHours,
    ['assignHolidays'],
    'drops the region with a new country, and the country with another choice',
    async () => {
      const { actor, saved } = start(custom({ follows: 'country', country: 'ES', region: 'MD' }));
      await editing(actor);
      actor.send({ type: 'SET_HOLIDAYS', holidays: { country: 'US' } });
      expect(view(actor).holidays).toEqual({ follows: 'country', country: 'US', region: null });
      actor.send({ type: 'SET_HOLIDAYS', holidays: { follows: 'none' } });
      expect(view(actor).holidays).toEqual({ follows: 'none', country: null, region: null });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('saved'));
      expect(saved[0]).toMatchObject({
        holidays: { follows: 'none', country: null, region: null },
      });
    },
  );

  checks.it(
    mailboxHours,
    ['assignMode'],
    'sends no holiday choice for Company (the override is deleted) or Ignored',
    async () => {
      for (const mode of ['Company', 'Ignored'] as const) {
        const { actor, saved } = start(custom({ follows: 'none', country: null, region: null }));
        await editing(actor);
        actor.send({ type: 'SET_MODE', mode });
        actor.send({ type: 'SAVE' });
        await waitFor(actor, (s) => s.matches('saved'));
        expect(saved[0]).not.toHaveProperty('holidays');
        expect(saved[0]).toMatchObject({ mode });
      }
    },
  );
});

describe('mailbox business hours: the Custom week', () => {
  checks.it(
    mailboxHours,
    ['editSchedule', 'isSavable'],
    'keeps Save disabled without a day or in UTC, and offers it again with both',
    async () => {
      const { actor } = start(custom({ follows: 'none', country: null, region: null }));
      await editing(actor);
      actor.send({ type: 'TOGGLE_DAY', day: 'Mon' });
      actor.send({ type: 'TOGGLE_DAY', day: 'Tue' });
      expect(view(actor)).toMatchObject({ noDay: true, canSave: false });
      actor.send({ type: 'TOGGLE_DAY', day: 'Wed' });
      actor.send({ type: 'SET_TIMEZONE', timezone: 'UTC' });
      expect(view(actor)).toMatchObject({ noDay: false, noTimezone: true, canSave: false });
      actor.send({ type: 'SET_TIMEZONE', timezone: 'Europe/Berlin' });
      expect(view(actor)).toMatchObject({ noTimezone: false, canSave: true });
      expect(view(actor).custom.week.Wed).toEqual({
        enabled: true,
        start: '09:00:00',
        end: '17:30:00',
      });
    },
  );

  checks.it(
    mailboxHours,
    ['assignError'],
    "a refusal keeps the modal open with the server's sentence, gone with the next edit",
    async () => {
      const refusal = new ApiFailure({ kind: 'invalid', message: 'This mailbox is not tracked.' });
      const { actor } = start(custom({ follows: 'none', country: null, region: null }), refusal);
      await editing(actor);
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('editing'));
      expect(view(actor)).toMatchObject({
        error: 'This mailbox is not tracked.',
        canSave: true,
        saved: false,
      });
      expect(getToasts()).toEqual([]);
      actor.send({ type: 'SET_END', day: 'Mon', time: '18:00:00' });
      expect(view(actor).error).toBeNull();
    },
  );
});

checks.keep();
