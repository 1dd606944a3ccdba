import { expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type StateValue,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import {
  activeStates,
  declaredTransitions,
  delayOf,
  handledEvents,
  INITIAL,
  recordingTransitions,
  stateNodes,
  statePath,
} from './graph';

/** What an invoked actor's result looks like to its machine. */
export type ActorResultEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

/** An event to try during traversal: the machine's own, or an actor's result. */
export type PathEvent<TMachine extends AnyStateMachine> =
  EventFromLogic<TMachine> | ActorResultEvent;

interface ReplayablePath {
  steps: { event: EventObject; state: unknown }[];
}

/**
 * Stand-ins for a machine's actors whose outcome the replayed path decides: a `fromPromise`
 * stand-in waits until the path's `xstate.done.actor.<id>` or `xstate.error.actor.<id>` step,
 * a `fromCallback` stand-in hands its `sendBack` to the path's executors.
 */
interface PendingCall {
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

export class ControlledActors {
  private readonly pending = new Map<string, PendingCall>();
  private readonly callbacks = new Map<string, (event: EventObject) => void>();
  readonly stopped: string[] = [];

  promise<TOutput, TInput = unknown>(id: string) {
    return fromPromise<TOutput, TInput>(
      () =>
        new Promise<TOutput>((resolve, reject) => {
          this.pending.set(id, { resolve: (output) => resolve(output as TOutput), reject });
        }),
    );
  }

  callback<TInput>(id: string) {
    return fromCallback<EventObject, TInput>(({ sendBack }) => {
      this.callbacks.set(id, sendBack);
      return () => this.stopped.push(id);
    });
  }

  sendBack(id: string, event: EventObject): void {
    const sendBack = this.callbacks.get(id);
    if (!sendBack) throw new Error(`no running callback actor ${id}`);
    sendBack(event);
  }

  settle(event: EventObject & { output?: unknown; error?: unknown }): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const [, outcome, id] = match;
    const call = this.pending.get(id ?? '');
    if (!call) throw new Error(`no pending call of ${id}`);
    this.pending.delete(id ?? '');
    if (outcome === 'done') call.resolve(event.output);
    else call.reject(event.error);
    return true;
  }
}

/** Every state of the machine as a dotted path, and those left at once by `always`. */
export function stateList(machine: AnyStateMachine): { all: string[]; transient: string[] } {
  const nodes = stateNodes(machine);
  const transient = nodes.filter((node) => node.always?.length).map(statePath);
  return { all: nodes.map(statePath).sort(), transient: transient.sort() };
}

/** Serialise by state value only: the paths are about states, not context variations. */
export const byStateValue = (snapshot: { value: StateValue }) => JSON.stringify(snapshot.value);

// Graph snapshots are loosely typed; every one of them is a machine snapshot with a value.
const valueOf = (snapshot: unknown): StateValue => (snapshot as { value: StateValue }).value;

/** The active leaf states: `loading`, or `figures.loading + csv.idle` in a parallel machine. */
function stateName(snapshot: unknown): string {
  const active = activeStates(valueOf(snapshot));
  const leaves = active.filter((state) => !active.some((other) => other.startsWith(`${state}.`)));
  return leaves.join(' + ');
}

/** `failed —RETRY→ loading (after LOAD, xstate.error.actor.loadUserInfo)` */
function describePath(
  path: { steps: { event: EventObject; state: unknown }[] },
  label: (event: EventObject) => string,
): string {
  const steps = path.steps.slice(1);
  const last = steps.at(-1);
  if (!last) return `${stateName(path.steps[0]?.state)} at start`;
  const before = steps.at(-2)?.state ?? path.steps[0]?.state;
  const prefix = steps.slice(0, -1).map((step) => label(step.event));
  const via = prefix.length ? ` (after ${prefix.join(', ')})` : '';
  return `${stateName(before)} —${label(last.event)}→ ${stateName(last.state)}${via}`;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * How a path test performs each of a machine's own events, keyed by event type: a test file
 * declares `satisfies Executors<…>`, so a new event does not compile until it is tested.
 */
export type Executors<TActor, TEvent extends EventObject> = {
  [K in TEvent['type']]: (actor: TActor, event: Extract<TEvent, { type: K }>) => void;
};

type LooseExecutor<TActor> = (actor: TActor, event: EventObject) => void;

/**
 * Replays a generated path on a real actor: the first step (the synthetic `xstate.init`) is
 * skipped, actor results go to the stand-ins, delays to the simulated clock, and every other
 * event to its executor. After each step the actor must be where the path says.
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  actor: Actor<TMachine>,
  path: ReplayablePath,
  options: {
    actors: ControlledActors;
    clock: SimulatedClock;
    execute: (event: EventObject) => void;
  },
): Promise<void> {
  for (const step of path.steps.slice(1)) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
    // A delay moves the clock by the machine's own delay for that state, no further.
    if (event.type.startsWith('xstate.after.')) {
      options.clock.increment(delayOf(actor.getSnapshot(), event.type));
    } else if (!options.actors.settle(event)) options.execute(event);
    await flush();
    expect(valueOf(actor.getSnapshot())).toEqual(valueOf(step.state));
  }
}

export { SimulatedClock };

/** The executor of an event the test sends as it is. */
export const sendEvent = <TEvent>(actor: { send(event: TEvent): void }, event: TEvent) =>
  actor.send(event);

/**
 * A path test's `start`: the machine with the stand-ins `provide` puts in for its actors, on a
 * simulated clock, started with `input` when it takes one.
 */
export function startWithStandIns<TMachine extends AnyStateMachine>(
  provide: (actors: ControlledActors) => TMachine,
  input?: InputFrom<TMachine>,
) {
  return () => {
    const actors = new ControlledActors();
    const clock = new SimulatedClock();
    const options = input === undefined ? { clock } : { clock, input };
    return { actor: createActor(provide(actors), options).start(), actors, clock };
  };
}

export interface PathTestOptions<TMachine extends AnyStateMachine> {
  /** The machine as the app defines it: traversal is pure, so its real actors never run. */
  machine: TMachine;
  /**
   * The events to try in every state: the machine's own, and its actors' done and error
   * events (which are not part of its declared event type, hence the wider type).
   */
  events: readonly PathEvent<TMachine>[];
  input?: InputFrom<TMachine>;
  /** How the test names an event in a path's title; the event type by default. */
  label?: (event: EventObject) => string;
  /** A started actor of the machine with stand-in actors, and its clock. */
  start: () => { actor: Actor<TMachine>; actors: ControlledActors; clock: SimulatedClock };
  executors: Executors<Actor<TMachine>, EventFromLogic<TMachine>>;
  /**
   * The context a guard counts on (attempts, items), as a key: states with the same value and
   * key are one state. Without it, states are told apart by their value alone.
   */
  contextKey?: (context: ContextFrom<TMachine>) => unknown;
  /**
   * States this input cannot reach (a branch taken on input, e.g. a read-only feature): the
   * check is then that the paths reach every other state and none of these.
   */
  unreachable?: readonly string[];
}

/** A generated path, and the declared transitions its last step takes. */
interface TransitionPath extends ReplayablePath {
  state: unknown;
  taken: readonly AnyTransitionDefinition[];
}

/**
 * The initial state, and one path per transition: the shortest path to its source state, then
 * the transition. So every state and every transition is driven at least once.
 */
function transitionPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  pathEvents: readonly PathEvent<TMachine>[],
  input: InputFrom<TMachine> | undefined,
  serializeState: (snapshot: AnyMachineSnapshot) => string,
): TransitionPath[] {
  const events = pathEvents as readonly EventObject[];
  // Only events the active states handle, plus their delays: an actor's done event is tried
  // only while that actor runs, and a path never sends an event nothing listens to.
  const eventsIn = (snapshot: AnyMachineSnapshot) => {
    const own = [...handledEvents(machine, snapshot.value)];
    const delays = own.filter((type) => type.startsWith('xstate.after.')).map((type) => ({ type }));
    const handled = events.filter((event) => own.includes(event.type));
    return [...handled, ...delays] as EventFromLogic<TMachine>[];
  };
  const stepKey = (snapshot: AnyMachineSnapshot, event: EventObject) =>
    `${serializeState(snapshot)} ${JSON.stringify(event)}`;
  const traversal = {
    events: eventsIn,
    serializeState,
    ...(input === undefined ? {} : { input }),
  };
  const shortest = getShortestPaths(machine, traversal);
  const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const initial = shortest.find((path) => path.steps.length === 1);
  const { logic, taken } = recordingTransitions(machine, stepKey);
  const edges = adjacencyMapToArray(getAdjacencyMap(logic, traversal)).map((edge) => {
    const prefix = toState.get(serializeState(edge.state));
    if (!prefix) throw new Error(`no path to ${serializeState(edge.state)}`);
    return {
      state: edge.nextState,
      steps: [...prefix.steps, { event: edge.event as EventObject, state: edge.nextState }],
      taken: taken.get(stepKey(edge.state, edge.event as EventObject)) ?? [],
    };
  });
  return initial ? [{ ...initial, taken: taken.get(INITIAL) ?? [] }, ...edges] : edges;
}

/** The file kept beside the test: its paths, and the declared transitions they take. */
function pathsFile(name: string, machine: AnyStateMachine, titles: string[], taken: Set<unknown>) {
  const keys = declaredTransitions(machine)
    .filter(({ transition }) => taken.has(transition))
    .map(({ key }) => `- ${key}`);
  return [
    `# ${name}`,
    '',
    `Machine: \`${machine.id}\``,
    '',
    '## Paths',
    '',
    ...titles.map((title) => `- ${title}`),
    '',
    '## Transitions taken',
    '',
    ...keys,
    '',
  ].join('\n');
}

/** `session machine paths, loading first` → `session-machine-paths-loading-first` */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * One test per generated path, one that the paths reach every state of the machine, and one
 * that keeps the paths' titles and transitions in `__paths__/<describe>.md` beside the tests, so
 * a change to a machine shows its path diff in review (`vitest -u` writes it).
 */
export function describePathTests<TMachine extends AnyStateMachine>(
  options: PathTestOptions<TMachine>,
): void {
  const { contextKey } = options;
  const key = (snapshot: unknown) =>
    contextKey
      ? ` ${JSON.stringify(contextKey((snapshot as AnyMachineSnapshot).context as ContextFrom<TMachine>))}`
      : '';
  const serialize = (snapshot: AnyMachineSnapshot) => `${byStateValue(snapshot)}${key(snapshot)}`;
  const paths = transitionPaths(options.machine, options.events, options.input, serialize);
  const titles = paths.map(
    (path) => `${describePath(path, options.label ?? ((event) => event.type))}${key(path.state)}`,
  );

  paths.forEach((path, index) => {
    it(titles[index] ?? '', async () => {
      const { actor, actors, clock } = options.start();
      await replayPath(actor, path, {
        actors,
        clock,
        execute: (event) => {
          // The path's events come from the machine, so each one has its executor's type.
          const executors = options.executors as Record<string, LooseExecutor<Actor<TMachine>>>;
          const executor = executors[event.type];
          if (!executor) throw new Error(`no executor for ${event.type}`);
          executor(actor, event);
        },
      });
      expect(key(actor.getSnapshot())).toBe(key(path.state));
      actor.stop();
    });
  });

  it('reaches every state of the machine', () => {
    const { all, transient } = stateList(options.machine);
    const unreachable = options.unreachable ?? [];
    const reached = paths.flatMap((path) => activeStates(valueOf(path.state)));
    expect(reached.filter((state) => unreachable.includes(state))).toEqual([]);
    const covered = new Set([...reached, ...transient, ...unreachable]);
    expect([...covered].sort()).toEqual(all);
  });

  it('keeps its paths in a file beside the tests', async () => {
    const name = (expect.getState().currentTestName ?? '').split(' > ').slice(0, -1).join(', ');
    const taken = new Set<unknown>(paths.flatMap((path) => path.taken));
    const file = pathsFile(name, options.machine, titles, taken);
    await expect(file).toMatchFileSnapshot(`__paths__/${slug(name)}.md`);
  });
}
