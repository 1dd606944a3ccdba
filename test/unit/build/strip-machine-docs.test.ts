import { describe, expect, it } from 'vitest';
import type { TransformResult } from 'vite';
import { stripMachineDocs } from '../../../scripts/vite/strip-machine-docs';

// The build drops machines' developer documentation from the client bundle (issue 23's
// first-load budget), and nothing a user reads.

const machineFile = `
import { setup } from 'xstate';
import { toast } from './toast';
const machineSetup = setup({ actions: { warn: () => toast({ title: 'T', description: 'Read by a user' }) } });
export const machine = machineSetup.createMachine({
  id: 'm',
  description: 'The whole flow',
  meta: describeNamed(machineSetup, { guards: {}, actions: { warn: 'Warns' } }),
  initial: 'idle',
  states: {
    idle: {
      description: \`Waits\`,
      on: { GO: { target: 'done', actions: () => toast({ title: 'Inline', description: 'Also read' }) } },
    },
    done: { description: 'Finished', type: 'final' },
  },
});
`;

function transform(code: string, id: string): string | null {
  const hook = stripMachineDocs().transform as (
    this: unknown,
    code: string,
    id: string,
  ) => TransformResult | null;
  const result = hook.call({}, code, id);
  return result && typeof result === 'object' ? (result.code ?? null) : null;
}

describe('strip-machine-docs', () => {
  it("drops the config's descriptions and describeNamed meta, keeping the toasts'", () => {
    const out = transform(machineFile, '/repo/src/machines/m/m.machine.ts') ?? '';
    expect(out).not.toContain('The whole flow');
    expect(out).not.toContain('Waits');
    expect(out).not.toContain('Finished');
    expect(out).not.toContain('describeNamed');
    expect(out).toContain("description: 'Read by a user'");
    expect(out).toContain("description: 'Also read'");
    expect(out).toMatch(/done: \{\s*type: 'final' \}/);
  });

  it('leaves files outside src/machines alone', () => {
    expect(transform(machineFile, '/repo/src/ui/Toast.tsx')).toBeNull();
  });
});
