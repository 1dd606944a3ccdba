import type {
  AnyActorScope,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
  StateValue,
} from 'xstate';

/**
 * What the machine kit reads from a machine's definition: its state nodes, its declared
 * transitions with a readable key each, the events its active states handle, its delays, and
 * which declared transitions a step takes. Only public parts of XState are read (state nodes,
 * `getTransitionData`'s definitions, the inspection API's microsteps).
 */

/** Every state node below the root, depth first in declaration order. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const visit = (node: AnyStateNode): AnyStateNode[] =>
    (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...visit(child)]);
  return visit(machine.root);
}

/** A state's dotted path; the root is the machine's id. */
export const statePath = (node: AnyStateNode): string => node.path.join('.') || node.machine.id;

/** The dotted paths of every state active in a state value: {a: 'b'} → a, a.b. */
export function activeStates(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...(child ? activeStates(child, `${prefix}${key}.`) : []),
  ]);
}

/** The root and the state nodes active in a snapshot. */
export function activeNodes(machine: AnyStateMachine, value: unknown): AnyStateNode[] {
  const byPath = new Map(stateNodes(machine).map((node) => [statePath(node), node]));
  const nodes = activeStates(value as StateValue).map((path) => byPath.get(path));
  return [machine.root, ...nodes.filter((node) => node !== undefined)];
}

/** The event types the active states act on (their delays included). */
export function handledEvents(machine: AnyStateMachine, value: unknown): Set<string> {
  return new Set(activeNodes(machine, value).flatMap((node) => node.ownEvents as string[]));
}

/** `done loadUser`, `error save`, `after retryDelay`, `always`, or the event type itself. */
export function eventLabel(eventType: unknown): string {
  const type = String(eventType);
  if (type === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[1]} ${actor[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type;
}

type GuardRef = AnyTransitionDefinition['guard'];

/** A guard's name: `isReady`, `not(isReady)`, or `inline` for an anonymous function. */
export function guardLabel(guard: GuardRef): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // XState's and/or/not are functions that carry the guards they combine.
    const inner = (guard as { guards?: GuardRef[] }).guards;
    if (inner) return `${guard.name}(${inner.map(guardLabel).join(', ')})`;
    return guard.name || 'inline';
  }
  return guard ? String((guard as { type: unknown }).type) : '';
}

/** The names of the actions a transition or state runs (inline ones as `inline`). */
export function actionNames(actions: readonly unknown[]): string[] {
  return actions.map((action) => {
    if (typeof action === 'string') return action;
    if (typeof action === 'function') return action.name || 'inline';
    const type = (action as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type : 'inline';
  });
}

/** Where a transition goes: its targets' paths, or `(stays)` for a targetless one. */
export function targetLabel(transition: AnyTransitionDefinition): string {
  const targets = (transition.target ?? []) as AnyStateNode[];
  return targets.length ? targets.map(statePath).join(', ') : '(stays)';
}

export interface DeclaredTransition {
  /** `loading —done loadUser [isAdmin]→ ready`, numbered when two read the same. */
  key: string;
  transition: AnyTransitionDefinition;
}

/** Every transition the machine declares (on, after, invoke results, always), with its key. */
export function declaredTransitions(machine: AnyStateMachine): DeclaredTransition[] {
  const nodes = [machine.root, ...stateNodes(machine)];
  const transitions = nodes.flatMap((node) => [
    ...([...node.transitions.values()] as AnyTransitionDefinition[][]).flat(),
    ...((node.always ?? []) as AnyTransitionDefinition[]),
  ]);
  const seen = new Map<string, number>();
  return transitions.map((transition) => {
    const guard = transition.guard ? ` [${guardLabel(transition.guard)}]` : '';
    const base = `${statePath(transition.source)} —${eventLabel(transition.eventType)}${guard}→ ${targetLabel(transition)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: count > 1 ? `${base} #${count}` : base, transition };
  });
}

/** The key of the transitions taken to the initial state. */
export const INITIAL = 'xstate.init';

/**
 * The machine as traversal logic that also records, per step, the declared transitions it
 * takes (from the microsteps XState reports to an inspector), keyed by `stepKey`.
 */
export function recordingTransitions(
  machine: AnyStateMachine,
  stepKey: (snapshot: AnyMachineSnapshot, event: EventObject) => string,
) {
  const taken = new Map<string, AnyTransitionDefinition[]>();
  const recording = <T>(scope: AnyActorScope, key: () => string, step: () => T): T => {
    const record: AnyTransitionDefinition[] = [];
    const inspection = scope.system.inspect((inspected) => {
      if (inspected.type === '@xstate.microstep') record.push(...inspected._transitions);
    });
    const next = step();
    inspection.unsubscribe();
    taken.set(key(), record);
    return next;
  };
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = (snapshot, event, scope) =>
    recording(
      scope,
      () => stepKey(snapshot, event as EventObject),
      () => machine.transition(snapshot, event, scope),
    );
  // The `always` transitions taken on the way to the first state.
  logic.getInitialSnapshot = (scope, input) =>
    recording(
      scope,
      () => INITIAL,
      () => machine.getInitialSnapshot(scope, input),
    );
  return { logic, taken };
}

/** How long the clock must move for a delayed event of the active states, by their delays. */
export function delayOf(snapshot: AnyMachineSnapshot, eventType: string): number {
  const machine = snapshot.machine as AnyStateMachine;
  const delayed = activeNodes(machine, snapshot.value)
    .flatMap((node) => node.after)
    .find((transition) => transition.eventType === eventType);
  if (!delayed) throw new Error(`no active state waits for ${eventType}`);
  const { delay } = delayed as { delay: number | string };
  if (typeof delay === 'number') return delay;
  const named: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named === 'number') return named;
  if (typeof named === 'function') {
    return (named as (args: { context: unknown }) => number)({ context: snapshot.context });
  }
  throw new Error(`the machine has no delay named ${delay}`);
}
