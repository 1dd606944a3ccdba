import { expect, it } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type StateValue,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { activeStates, replayPath, stateList, type PathTestOptions } from './paths';

// `describePathTests` (./paths) tells states apart by their value alone. A machine whose guards
// count things in its context (attempts, items) reaches some states only after the same state
// value was visited with other counts; this variant lets the test name the counts that matter,
// and otherwise builds and replays the paths the same way.

export interface ContextPathTestOptions<
  TMachine extends AnyStateMachine,
> extends PathTestOptions<TMachine> {
  /** The context a guard reads, as a key: states with the same value and key are one state. */
  contextKey: (context: ContextFrom<TMachine>) => unknown;
}

type Step = { event: EventObject; state: AnyMachineSnapshot };

// Graph snapshots are loosely typed; every one of them is a machine snapshot with a value.
const valueOf = (snapshot: AnyMachineSnapshot) => snapshot.value as StateValue;
const stateName = (snapshot: AnyMachineSnapshot | undefined) =>
  snapshot ? (activeStates(valueOf(snapshot)).at(-1) ?? '') : '';

function title(
  steps: Step[],
  label: (event: EventObject) => string,
  key: (s: AnyMachineSnapshot) => string,
) {
  const [first, ...rest] = steps;
  const last = rest.at(-1);
  if (!last) return `${stateName(first?.state)} at start`;
  const before = rest.at(-2)?.state ?? first?.state;
  const via =
    rest.length > 1
      ? ` (after ${rest
          .slice(0, -1)
          .map((s) => label(s.event))
          .join(', ')})`
      : '';
  return `${stateName(before)} —${label(last.event)}→ ${stateName(last.state)} ${key(last.state)}${via}`;
}

/** One test per transition of the (state value, context key) graph, and one for coverage. */
export function describeContextPathTests<TMachine extends AnyStateMachine>(
  options: ContextPathTestOptions<TMachine>,
): void {
  const key = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify(options.contextKey(snapshot.context as ContextFrom<TMachine>));
  const serializeState = (snapshot: AnyMachineSnapshot) =>
    `${JSON.stringify(valueOf(snapshot))} ${key(snapshot)}`;
  const events = options.events as readonly EventObject[];
  const eventsIn = (snapshot: AnyMachineSnapshot) => {
    const own = __unsafe_getAllOwnEventDescriptors(snapshot) as string[];
    const delays = own.filter((type) => type.startsWith('xstate.after.')).map((type) => ({ type }));
    return [
      ...events.filter((event) => own.includes(event.type)),
      ...delays,
    ] as EventFromLogic<TMachine>[];
  };
  const traversal = {
    events: eventsIn,
    serializeState,
    ...(options.input === undefined ? {} : { input: options.input as InputFrom<TMachine> }),
  };
  const shortest = getShortestPaths(options.machine, traversal);
  const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const initial = shortest.filter((path) => path.steps.length === 1);
  const edges = adjacencyMapToArray(getAdjacencyMap(options.machine, traversal)).map((edge) => {
    const prefix = toState.get(serializeState(edge.state));
    if (!prefix) throw new Error(`no path to ${serializeState(edge.state)}`);
    return {
      steps: [...prefix.steps, { event: edge.event as EventObject, state: edge.nextState }],
    };
  });
  const label = options.label ?? ((event: EventObject) => event.type);

  for (const path of [...initial, ...edges]) {
    const steps = path.steps as Step[];
    it(title(steps, label, key), async () => {
      const { actor, actors, clock } = options.start();
      await replayPath(actor, path, {
        actors,
        clock,
        execute: (event) => {
          const executor = (
            options.executors as Record<string, (a: Actor<TMachine>, e: EventObject) => void>
          )[event.type];
          if (!executor) throw new Error(`no executor for ${event.type}`);
          executor(actor, event);
        },
      });
      expect(key(actor.getSnapshot() as AnyMachineSnapshot)).toBe(key(steps.at(-1)!.state));
      actor.stop();
    });
  }

  it('reaches every state of the machine', () => {
    const { all, transient } = stateList(options.machine);
    const reached = edges.flatMap((path) => activeStates(valueOf(path.steps.at(-1)!.state)));
    expect([...new Set([...reached, ...transient])].sort()).toEqual(all);
  });
}
