import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  MailboxHoursChange,
  MailboxHoursData,
} from '../../src/machines/business-hours/mailbox-hours.actors';
import { createMailboxHoursMachine } from '../../src/machines/business-hours/mailbox-hours.machine';
import { mailboxHoursView } from '../../src/machines/business-hours/mailbox-hours.view';
import { offlineClient } from '../support/offline-client';

// The holiday choice of the update business hours modal: what Save sends for each mode, and
// the guard that keeps Custom hours following a country from saving without one.

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

function start(data: MailboxHoursData) {
  const saved: MailboxHoursChange[] = [];
  const machine = createMailboxHoursMachine(offlineClient).provide({
    actors: {
      loadMailboxHours: fromPromise<MailboxHoursData, { email: string }>(() =>
        Promise.resolve(data),
      ),
      saveMailboxHours: fromPromise<void, MailboxHoursChange>(({ input }) => {
        saved.push(input);
        return Promise.resolve();
      }),
    },
    actions: { notifySaved: () => undefined },
  });
  const actor = createActor(machine, { input: { email: EMAIL } }).start();
  return { actor, saved };
}

type Actor = ReturnType<typeof start>['actor'];
const editing = (actor: Actor) => waitFor(actor, (s) => s.matches('editing'));
const view = (actor: Actor) => mailboxHoursView(actor.getSnapshot());

describe('mailbox business hours: the holiday choice', () => {
  it('shows a Custom mailbox’s own country and region, and saves them with its hours', async () => {
    const { actor, saved } = start(custom({ follows: 'country', country: 'ES', region: 'MD' }));
    await editing(actor);
    expect(view(actor)).toMatchObject({
      holidays: { follows: 'country', country: 'ES', region: 'MD' },
      regions: [{ code: 'MD', name: 'Madrid' }],
      noCountry: false,
    });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved).toEqual([
      {
        email: EMAIL,
        mode: 'Custom',
        hours: { business_hours: days, timezone: 'Europe/Madrid' },
        holidays: { follows: 'country', country: 'ES', region: 'MD' },
      },
    ]);
  });

  it('keeps Save disabled while a country is to be followed but none is chosen', async () => {
    const { actor } = start(custom({ follows: 'company', country: null, region: null }));
    await editing(actor);
    actor.send({ type: 'SET_HOLIDAYS', holidays: { follows: 'country' } });
    expect(view(actor)).toMatchObject({ noCountry: true, canSave: false });
    actor.send({ type: 'SET_HOLIDAYS', holidays: { country: 'US' } });
    expect(view(actor)).toMatchObject({ noCountry: false, canSave: true, regions: [] });
  });

  it('drops the region with a new country, and the country with another choice', async () => {
    const { actor, saved } = start(custom({ follows: 'country', country: 'ES', region: 'MD' }));
    await editing(actor);
    actor.send({ type: 'SET_HOLIDAYS', holidays: { country: 'US' } });
    expect(view(actor).holidays).toEqual({ follows: 'country', country: 'US', region: null });
    actor.send({ type: 'SET_HOLIDAYS', holidays: { follows: 'none' } });
    expect(view(actor).holidays).toEqual({ follows: 'none', country: null, region: null });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved[0]).toMatchObject({ holidays: { follows: 'none', country: null, region: null } });
  });

  it('sends no holiday choice for Company (the override is deleted) or Ignored', async () => {
    for (const mode of ['Company', 'Ignored'] as const) {
      const { actor, saved } = start(custom({ follows: 'none', country: null, region: null }));
      await editing(actor);
      actor.send({ type: 'SET_MODE', mode });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('saved'));
      expect(saved[0]).not.toHaveProperty('holidays');
      expect(saved[0]).toMatchObject({ mode });
    }
  });
});
