import type { AnyStateMachine } from 'xstate';
import { stateNodes, statePath } from './graph';

/**
 * The one-line descriptions the machine reports show: the machine's and each state's
 * `description`, and each named guard's and action's line in the root's `meta`
 * (`describeNamed` in src/machines/shared/describe-named.ts). A missing or malformed one is a
 * problem the machine-docs test names, so every machine describes itself.
 */

type Kind = 'guards' | 'actions';

/** The line `describeNamed` gives a guard or an action ('' when there is none). */
export function namedDescription(machine: AnyStateMachine, kind: Kind, name: string): string {
  const meta = machine.root.meta as Partial<Record<Kind, Record<string, unknown>>> | undefined;
  const line = meta?.[kind]?.[name];
  return typeof line === 'string' ? line : '';
}

/** What is wrong with a description: nothing (null), or why a reader would be left guessing. */
function problemOf(text: string | undefined, inTable: boolean): string | null {
  if (!text?.trim()) return 'no description';
  if (/\n/.test(text)) return 'a description of more than one line';
  if (!/^[A-Z0-9`'"]/.test(text)) return 'a description that does not start a sentence';
  if (inTable && /\.$/.test(text)) return 'a table description ending in a full stop';
  return null;
}

/** Every missing or malformed description of a machine, each naming what lacks it. */
export function descriptionProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const check = (what: string, text: string | undefined, inTable = true) => {
    const problem = problemOf(text, inTable);
    if (problem) problems.push(`${what}: ${problem}`);
  };
  check(`machine ${machine.id}`, machine.root.description, false);
  for (const node of stateNodes(machine)) check(`state ${statePath(node)}`, node.description);
  const { guards, actions } = machine.implementations;
  for (const name of Object.keys(guards)) {
    check(`guard ${name}`, namedDescription(machine, 'guards', name));
  }
  for (const name of Object.keys(actions)) {
    check(`action ${name}`, namedDescription(machine, 'actions', name));
  }
  return problems;
}
