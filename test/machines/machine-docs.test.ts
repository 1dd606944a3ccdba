import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import {
  createModalSaveMachine,
  type SaveInput,
} from '../../src/machines/shared/modal-save.machine';
import { descriptionProblems } from './support/docs-descriptions';
import { discoverMachines } from './support/docs-discover';
import { parseChecksRecord, parsePathsRecord } from './support/docs-records';
import { coverageOf, docName, machineDoc, machinesIndex } from './support/docs-render';

// The machine reports in docs/machines, kept current like the generated API types: this file
// fails when one is stale, and `npm run machines` (this file with --update) writes them. They
// read the records the path and transition tests keep beside them, so run those first.

const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.machine.ts', {
  eager: true,
});

const machines = discoverMachines(modules, {
  // Shown with its confirm step, so every state of every modal is in the one report.
  createModalSaveMachine: () =>
    createModalSaveMachine({
      id: 'modalSave',
      emptyDraft: { name: '' },
      save: fromPromise<void, SaveInput<{ name: string }>>(() => Promise.resolve()),
      canSubmit: (draft) => draft.name.trim() !== '',
      successToast: () => ({ title: 'Saved', variant: 'success' }),
      confirm: true,
    }),
  // A modal-save machine with remove's rules: the modal-save report shows it.
  createRemoveMachine: null,
});

const here = `${dirname(fileURLToPath(import.meta.url))}/`;
const records = (folder: string) => {
  const dir = `${here}${folder}`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ file: `${folder}/${name}`, text: readFileSync(`${dir}/${name}`, 'utf8') }));
};
const pathRecords = records('__paths__').map(({ file, text }) => parsePathsRecord(file, text));
const checkRecords = records('__checks__').map(({ file, text }) => parseChecksRecord(file, text));

const entries = machines.map(({ machine, source, builtBy }) => ({
  machine,
  source,
  builtBy,
  paths: pathRecords.filter((record) => record.machine === machine.id),
  checks: checkRecords.flatMap((record) => record.checks.get(machine.id) ?? []),
}));

describe('machine reports (docs/machines; npm run machines writes them)', () => {
  for (const entry of entries) {
    it(`docs/machines/${docName(entry.machine.id)}.md is current`, async () => {
      await expect(machineDoc(entry)).toMatchFileSnapshot(
        `../../docs/machines/${docName(entry.machine.id)}.md`,
      );
    });
  }

  it('docs/machines/README.md lists every machine with its coverage', async () => {
    await expect(machinesIndex(entries)).toMatchFileSnapshot('../../docs/machines/README.md');
  });

  it('holds no report of a machine that is gone', () => {
    const expected = ['README.md', ...entries.map((entry) => `${docName(entry.machine.id)}.md`)];
    const dir = `${here}../../docs/machines`;
    const present = existsSync(dir) ? readdirSync(dir) : [];
    expect(present.filter((name) => !expected.includes(name))).toEqual([]);
  });

  it('keeps no test record of a machine that is gone', () => {
    const ids = new Set(entries.map((entry) => entry.machine.id));
    const named = [
      ...pathRecords.map((record) => record.machine),
      ...checkRecords.flatMap((record) => [...record.checks.keys()]),
    ];
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });
});
describe('path coverage', () => {
  for (const entry of entries) {
    it(`every declared transition of ${entry.machine.id} is taken by a path test`, () => {
      expect(coverageOf(entry).transitions.untaken).toEqual([]);
    });
  }
});
describe('descriptions (a developer reads what each part is without reading the code)', () => {
  for (const entry of entries) {
    it(`${entry.machine.id}, its states, guards and actions each have a one-line description`, () => {
      expect(descriptionProblems(entry.machine)).toEqual([]);
    });
  }
});
