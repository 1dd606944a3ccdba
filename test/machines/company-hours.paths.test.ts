import type { BusinessHours } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  createCompanyHoursMachine,
  type CompanyHoursEvent,
} from '../../src/machines/business-hours/company-hours.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { scheduleEditEvents, scheduleEditExecutors } from './support/schedule';
import { offlineClient } from '../support/offline-client';

type CompanyHoursTestActor = ReturnType<typeof start>['actor'];

const weekdays: BusinessHours = {
  business_hours: (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((weekday) => ({
    weekday,
    start_time: '09:00:00',
    end_time: '17:30:00',
  })),
  timezone: 'Europe/Madrid',
};

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createCompanyHoursMachine(offlineClient).provide({
    actors: {
      loadCompanyHours: actors.promise<BusinessHours>('loadCompanyHours'),
      saveCompanyHours: actors.promise<BusinessHours, BusinessHours>('saveCompanyHours'),
    },
    actions: { notifySaved: () => undefined, notifySaveFailed: () => undefined },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  ...scheduleEditExecutors,
  SAVE: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
} satisfies Executors<CompanyHoursTestActor, CompanyHoursEvent>;

describe('company business hours machine paths', () => {
  describePathTests({
    machine: createCompanyHoursMachine(offlineClient),
    events: [
      ...scheduleEditEvents,
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadCompanyHours', output: weekdays },
      {
        type: 'xstate.error.actor.loadCompanyHours',
        error: new ApiFailure({ kind: 'network', message: 'offline' }),
      },
      { type: 'xstate.done.actor.saveCompanyHours', output: weekdays },
      {
        type: 'xstate.error.actor.saveCompanyHours',
        error: new ApiFailure({ kind: 'invalid', message: 'Bad timezone' }),
      },
    ],
    start,
    executors,
  });
});
