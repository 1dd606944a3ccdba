import { expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';

/**
 * Hand-written transition tests name the guards and actions whose effect they assert:
 * `checks.it(machine, ['isLongEnough'], 'Send waits for five characters', …)`. `checks.keep()`,
 * last in the file, fails on a name the machine does not have and keeps the list in
 * `__checks__/<file>.md`, from which `npm run machines` reports each machine's coverage.
 */
export function transitionChecks() {
  const named: { machine: string; names: readonly string[]; title: string }[] = [];
  const machines = new Map<string, AnyStateMachine>();
  return {
    it(
      machine: AnyStateMachine,
      names: readonly string[],
      title: string,
      test: () => Promise<void> | void,
    ) {
      machines.set(machine.id, machine);
      named.push({ machine: machine.id, names, title });
      it(title, test);
    },
    keep() {
      it('names only guards and actions its machines have', async () => {
        const lines: string[] = [];
        for (const [id, machine] of machines) {
          const { guards, actions } = machine.implementations;
          const known = new Set([...Object.keys(guards), ...Object.keys(actions)]);
          const checked = named.filter((entry) => entry.machine === id);
          expect(
            checked.flatMap((entry) => entry.names).filter((name) => !known.has(name)),
          ).toEqual([]);
          const kind = (name: string) => (name in guards ? 'guard' : 'action');
          lines.push(`Machine: \`${id}\``, '');
          for (const entry of checked) {
            for (const name of entry.names) lines.push(`- ${kind(name)} ${name}: ${entry.title}`);
          }
          lines.push('');
        }
        const file = (expect.getState().testPath ?? '').split('/').at(-1) ?? '';
        const name = file.replace(/\.test\.ts$/, '');
        await expect([`# ${name}`, '', ...lines].join('\n')).toMatchFileSnapshot(
          `__checks__/${name}.md`,
        );
      });
    },
  };
}
