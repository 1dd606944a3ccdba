import { describe } from 'vitest';
import {
  type Actor,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
} from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import {
  ControlledActors,
  describePathTests,
  startWithStandIns,
  type Executors,
  type PathEvent,
} from './paths';

/** The `load` actor's outcomes: the tab's lists, or a network failure. */
export function loadOutcomes<TData>(data: TData) {
  return [
    { type: 'xstate.done.actor.load', output: data },
    {
      type: 'xstate.error.actor.load',
      error: new ApiFailure({ kind: 'network', message: 'offline' }),
    },
  ] as const;
}

/** `MODAL_SAVED(removeTeams)`, `EDIT(max@acme.example)`: which modal or row a step is about. */
export function listTabLabel(event: { type: string; modal?: unknown; user?: { email: string } }) {
  if (event.type === 'MODAL_SAVED') return `MODAL_SAVED(${String(event.modal)})`;
  return event.user ? `${event.type}(${event.user.email})` : event.type;
}

interface ListTabPathOptions<TMachine extends AnyStateMachine, TData> {
  name: string;
  /** The machine with its `load` actor replaced by the given stand-in. */
  provide: (actors: ControlledActors) => TMachine;
  /** The input without `seed`: the paths run from a loading start and from `seed`. */
  input: Omit<InputFrom<TMachine>, 'seed'>;
  seed: TData;
  events: readonly PathEvent<TMachine>[];
  executors: Executors<Actor<TMachine>, EventFromLogic<TMachine>>;
  /** States this input cannot reach (see describePathTests). */
  unreachable?: readonly string[];
  /** The context a guard counts on (see describePathTests). */
  contextKey?: (context: ContextFrom<TMachine>) => unknown;
}

/**
 * A list tab's path tests twice: loading its lists first, and starting from the lists loaded
 * at sign-in (which it refreshes at once).
 */
export function describeListTabPaths<TMachine extends AnyStateMachine, TData>(
  options: ListTabPathOptions<TMachine, TData>,
): void {
  const starts = [
    ['loading first', null],
    ['from the lists loaded at sign-in', options.seed],
  ] as const;
  for (const [start, seed] of starts) {
    describe(`${options.name} machine paths, ${start}`, () => {
      // The tab's input is its options' input plus the seed, by the tab input's definition.
      const input = { ...options.input, seed } as InputFrom<TMachine>;
      describePathTests({
        machine: options.provide(new ControlledActors()),
        input,
        events: options.events,
        label: listTabLabel,
        executors: options.executors,
        ...(options.unreachable ? { unreachable: options.unreachable } : {}),
        ...(options.contextKey ? { contextKey: options.contextKey } : {}),
        start: startWithStandIns(options.provide, input),
      });
    });
  }
}
