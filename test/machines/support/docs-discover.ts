import { StateMachine, type AnyStateMachine } from 'xstate';
import { offlineClient } from '../../support/offline-client';

/**
 * Every machine under src/machines, found in the modules `import.meta.glob` hands over: an
 * exported machine, or an exported `create…Machine(client, …)` factory (called with a client
 * that never reaches the network: building a machine calls nothing). A factory that takes
 * something else (a shared machine such as modal-save) is built by its entry in `examples`;
 * without one the report fails, naming it.
 */

export interface FoundMachine {
  machine: AnyStateMachine;
  source: string;
  builtBy: string;
}

/** How the report builds a machine whose factory takes options; null: shown by another. */
export type Examples = Record<string, (() => AnyStateMachine) | null>;

const isMachine = (value: unknown): value is AnyStateMachine => value instanceof StateMachine;
const takesClient = (fn: (...args: never[]) => unknown) =>
  /^function\s*\w*\s*\(\s*client\b/.test(String(fn));

export function discoverMachines(
  modules: Record<string, Record<string, unknown>>,
  examples: Examples,
): FoundMachine[] {
  const found: FoundMachine[] = [];
  for (const [path, module] of Object.entries(modules)) {
    const source = path.replace(/^(\.\.\/)+/, '');
    for (const [name, value] of Object.entries(module)) {
      if (isMachine(value)) {
        found.push({ machine: value, source, builtBy: name });
        continue;
      }
      if (typeof value !== 'function' || !/^create\w*Machine$/.test(name)) continue;
      const factory = value as (...args: never[]) => unknown;
      if (takesClient(factory)) {
        const machine = (factory as (client: typeof offlineClient) => unknown)(offlineClient);
        if (isMachine(machine)) found.push({ machine, source, builtBy: `${name}(client)` });
        continue;
      }
      if (!(name in examples)) {
        throw new Error(
          `${source}: ${name} takes no client; give it an example in machine-docs.test.ts`,
        );
      }
      const example = examples[name];
      if (example) found.push({ machine: example(), source, builtBy: `${name}(example)` });
    }
  }
  return found.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}
