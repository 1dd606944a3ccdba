import type { BusinessHours } from '../../src/api/types';
import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { createCompanyHoursMachine } from '../../src/machines/business-hours/company-hours.machine';
import { companyHoursView } from '../../src/machines/business-hours/company-hours.view';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The company's business hours: what the form shows, when Save is offered, and what a save
// tells.

const checks = transitionChecks();
const companyHours = createCompanyHoursMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const HOURS: BusinessHours = {
  business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '17:00:00' }],
  timezone: 'Europe/Madrid',
};

async function start(save: (hours: BusinessHours) => Promise<BusinessHours>) {
  const sent: BusinessHours[] = [];
  const machine = companyHours.provide({
    actors: {
      loadCompanyHours: fromPromise<BusinessHours>(() => Promise.resolve(HOURS)),
      saveCompanyHours: fromPromise<BusinessHours, BusinessHours>(({ input }) => {
        sent.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  await flush();
  return { actor, sent, view: () => companyHoursView(actor.getSnapshot()) };
}

const toasts = () => getToasts().map(({ title, description }) => ({ title, description }));

beforeEach(() => dismissAllToasts());

describe('company business hours', () => {
  checks.it(
    companyHours,
    ['assignSaved', 'editSchedule', 'isChanged'],
    "shows the server's week; Save is offered after a change, and not once it is undone",
    async () => {
      const { actor, view } = await start((hours) => Promise.resolve(hours));
      expect(view()).toMatchObject({ status: 'ready', canSave: false });
      expect(view().draft.week.Mon).toEqual({ enabled: true, start: '09:00:00', end: '17:00:00' });
      expect(view().draft.timezone).toBe('Europe/Madrid');
      actor.send({ type: 'TOGGLE_DAY', day: 'Tue' });
      expect(view().canSave).toBe(true);
      expect(view().draft.week.Tue.enabled).toBe(true);
      actor.send({ type: 'TOGGLE_DAY', day: 'Tue' });
      expect(view().canSave).toBe(false);
      actor.send({ type: 'SET_TIMEZONE', timezone: 'America/New_York' });
      expect(view().canSave).toBe(true);
    },
  );

  checks.it(
    companyHours,
    ['notifySaved', 'assignSaved'],
    'Save sends the week, toasts Business hours saved, and shows what the server kept',
    async () => {
      const kept: BusinessHours = { ...HOURS, timezone: 'America/New_York' };
      const { actor, sent, view } = await start(() => Promise.resolve(kept));
      actor.send({ type: 'SET_END', day: 'Mon', time: '18:00:00' });
      actor.send({ type: 'SAVE' });
      expect(view().saving).toBe(true);
      await flush();
      expect(sent).toEqual([
        {
          business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '18:00:00' }],
          timezone: 'Europe/Madrid',
        },
      ]);
      expect(toasts()).toEqual([
        {
          title: 'Business hours saved',
          description:
            'This change will be reflected in your dashboard tomorrow at 00:01 local time',
        },
      ]);
      expect(view()).toMatchObject({ saving: false, canSave: false });
      expect(view().draft.timezone).toBe('America/New_York');
    },
  );

  checks.it(
    companyHours,
    ['notifySaveFailed'],
    "a refusal toasts the server's sentence and keeps the change to save again",
    async () => {
      const refusal = new ApiFailure({ kind: 'invalid', message: 'Choose at least one day.' });
      const { actor, view } = await start(() => Promise.reject(refusal));
      actor.send({ type: 'TOGGLE_DAY', day: 'Mon' });
      actor.send({ type: 'SAVE' });
      await flush();
      expect(toasts()).toEqual([
        { title: "We couldn't save your business hours", description: 'Choose at least one day.' },
      ]);
      expect(view().canSave).toBe(true);
      expect(view().draft.week.Mon.enabled).toBe(false);
    },
  );
});

checks.keep();
