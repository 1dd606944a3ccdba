/**
 * What the tests leave beside them for the machine reports: `__paths__/<describe>.md` (written
 * by describePathTests: the paths and the declared transitions they take) and
 * `__checks__/<file>.md` (written by transitionChecks: the guards and actions each hand-written
 * test names). Both are file snapshots, so they are as current as the tests that passed.
 */

export interface PathsRecord {
  /** The file, relative to test/machines. */
  file: string;
  title: string;
  machine: string;
  paths: string[];
  taken: string[];
}

export interface Check {
  kind: 'guard' | 'action';
  name: string;
  title: string;
}

export interface ChecksRecord {
  file: string;
  /** By machine id: one test file may check a machine and the ones it invokes. */
  checks: Map<string, Check[]>;
}

const MACHINE = /^Machine: `(.+)`$/;

export function parsePathsRecord(file: string, text: string): PathsRecord {
  const record: PathsRecord = { file, title: '', machine: '', paths: [], taken: [] };
  let list: string[] | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('# ')) record.title = line.slice(2);
    else if (MACHINE.test(line)) record.machine = MACHINE.exec(line)?.[1] ?? '';
    else if (line === '## Paths') list = record.paths;
    else if (line === '## Transitions taken') list = record.taken;
    else if (line.startsWith('- ') && list) list.push(line.slice(2));
  }
  return record;
}

export function parseChecksRecord(file: string, text: string): ChecksRecord {
  const checks = new Map<string, Check[]>();
  let current: Check[] = [];
  for (const line of text.split('\n')) {
    const machine = MACHINE.exec(line)?.[1];
    if (machine) {
      current = checks.get(machine) ?? [];
      checks.set(machine, current);
      continue;
    }
    const check = /^- (guard|action) ([^:]+): (.*)$/.exec(line);
    if (check) {
      current.push({
        kind: check[1] as Check['kind'],
        name: check[2] ?? '',
        title: check[3] ?? '',
      });
    }
  }
  return { file, checks };
}
