import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type {
  MailboxHoursChange,
  MailboxHoursData,
} from '../../src/machines/business-hours/mailbox-hours.actors';
import {
  createMailboxHoursMachine,
  type MailboxHoursEvent,
} from '../../src/machines/business-hours/mailbox-hours.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { scheduleEditEvents, scheduleEditExecutors } from './support/schedule';
import { offlineClient } from '../support/offline-client';

type MailboxHoursTestActor = ReturnType<typeof start>['actor'];

const EMAIL = 'sales@acme.example';
const nineToFive = (['Mon', 'Tue'] as const).map((weekday) => ({
  weekday,
  start_time: '09:00:00',
  end_time: '17:00:00',
}));
/** A mailbox on the company's hours, which are in UTC: Custom starts without a timezone. */
const onCompanyHours: MailboxHoursData = {
  mailbox: { bhs_status: 'Company', business_hours: nineToFive, timezone: 'UTC' },
  company: { business_hours: nineToFive, timezone: 'UTC' },
};

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createMailboxHoursMachine(offlineClient).provide({
    actors: {
      loadMailboxHours: actors.promise<MailboxHoursData, { email: string }>('loadMailboxHours'),
      saveMailboxHours: actors.promise<void, MailboxHoursChange>('saveMailboxHours'),
    },
    actions: { notifySaved: () => undefined },
  });
  const actor = createActor(machine, { clock, input: { email: EMAIL } }).start();
  return { actor, actors, clock };
}

const executors = {
  SET_MODE: (actor, event) => actor.send(event),
  ...scheduleEditExecutors,
  SAVE: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
} satisfies Executors<MailboxHoursTestActor, MailboxHoursEvent>;

describe('mailbox business hours machine paths', () => {
  describePathTests({
    machine: createMailboxHoursMachine(offlineClient),
    input: { email: EMAIL },
    events: [
      { type: 'SET_MODE', mode: 'Company' },
      { type: 'SET_MODE', mode: 'Custom' },
      { type: 'SET_MODE', mode: 'Ignored' },
      ...scheduleEditEvents,
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadMailboxHours', output: onCompanyHours },
      {
        type: 'xstate.error.actor.loadMailboxHours',
        error: new ApiFailure({ kind: 'not_found', message: 'No such mailbox' }),
      },
      { type: 'xstate.done.actor.saveMailboxHours' },
      {
        type: 'xstate.error.actor.saveMailboxHours',
        error: new ApiFailure({ kind: 'forbidden', code: 'read_only', message: 'Read-only' }),
      },
    ],
    label: (event) => ('mode' in event ? `${event.type} ${String(event.mode)}` : event.type),
    start,
    executors,
  });
});
