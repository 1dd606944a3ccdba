import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { AlertActiveInput } from '../../src/machines/alerts/alerts.actors';
import {
  createAlertToggleMachine,
  type AlertToggleEvent,
  type AlertToggleInput,
} from '../../src/machines/alerts/alert-toggle.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
  type PathEvent,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

// Without a parent, sendParent cannot even be resolved: the test's machine tells nobody.
const machine = createAlertToggleMachine(offlineClient).provide({
  actions: {
    notifyToggled: () => undefined,
    showPausedToast: () => undefined,
    showResumedToast: () => undefined,
    showFailureToast: () => undefined,
  },
});

type ToggleTestActor = ReturnType<ReturnType<typeof starter>>['actor'];

function starter(input: AlertToggleInput) {
  return () => {
    const actors = new ControlledActors();
    const clock = new SimulatedClock();
    const provided = machine.provide({
      actors: { setAlertActive: actors.promise<void, AlertActiveInput>('setAlertActive') },
    });
    return { actor: createActor(provided, { clock, input }).start(), actors, clock };
  };
}

const executors = {
  PAUSE: (actor, event) => actor.send(event),
  RESUME: (actor, event) => actor.send(event),
  SYNC: (actor, event) => actor.send(event),
} satisfies Executors<ToggleTestActor, AlertToggleEvent>;

const label = (event: { type: string; isActive?: boolean }) =>
  event.type === 'SYNC' ? `SYNC(${event.isActive ? 'active' : 'paused'})` : event.type;

const events: PathEvent<typeof machine>[] = [
  { type: 'PAUSE' },
  { type: 'RESUME' },
  { type: 'SYNC', isActive: true },
  { type: 'SYNC', isActive: false },
  { type: 'xstate.done.actor.setAlertActive' },
  {
    type: 'xstate.error.actor.setAlertActive',
    error: new ApiFailure({ kind: 'forbidden', code: 'read_only', message: 'Read-only.' }),
  },
];

describe('alert toggle paths, from an active alert', () => {
  const input: AlertToggleInput = { alertId: 7, isActive: true };
  describePathTests({ machine, input, events, label, start: starter(input), executors });
});

describe('alert toggle paths, from a paused alert', () => {
  const input: AlertToggleInput = { alertId: 7, isActive: false };
  describePathTests({ machine, input, events, label, start: starter(input), executors });
});
