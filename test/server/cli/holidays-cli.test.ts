import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeArgv, type CliOutcome } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { createWorkspace } from '../../../server/repos/workspaces';
import { createTestDb } from '../support/test-db';

// holidays:add|import|list|remove: what each prints, and that a refusal exits 2 and changes
// nothing. executeArgv is what both the CLI and the server's socket run.

let db: Db;
let id: number;

beforeAll(async () => {
  db = await createTestDb();
  id = await db.transaction(async (tx) => {
    const ws = await createWorkspace(tx, {
      client_name: 'Holidays',
      allowed_domains: ['holidays.example'],
      provider: 'G',
      max_mailboxes: 5,
      max_users: 5,
      max_alerts: 5,
    });
    return ws.workspace_id;
  });
});
afterAll(async () => {
  await db.close();
});

/** Runs a command line; W stands for `--workspace <the test workspace>`. */
function cli(...argv: string[]): Promise<CliOutcome> {
  const args = argv.flatMap((arg) => (arg === 'W' ? ['--workspace', String(id)] : [arg]));
  return executeArgv(
    { db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets here')) },
    args,
  );
}

const list = async () => (await cli('holidays:list', 'W')).stdout;

describe('holidays commands', () => {
  it('add, list, import and remove company holidays', async () => {
    expect(
      await cli(
        'holidays:add',
        'W',
        '--date',
        '2026-12-24',
        '--to',
        '2026-12-31',
        '--name',
        'Winter closure',
      ),
    ).toEqual({
      code: 0,
      stdout: [`workspace ${id}: added holiday 2026-12-24 to 2026-12-31 "Winter closure"`],
      stderr: [],
    });
    const imported = await cli(
      'holidays:import',
      'W',
      '--country',
      'es',
      '--region',
      'md',
      '--from-year',
      '2026',
      '--to-year',
      '2026',
    );
    expect(imported.code).toBe(0);
    expect(imported.stdout.at(-1)).toBe(
      `workspace ${id}: imported 14 holidays of ES-MD for 2026–2026`,
    );
    expect(imported.stdout).toContain(`workspace ${id}: added holiday 2026-01-01 "New Year's Day"`);
    const lines = await list();
    // The import adds 25 December (no holiday starts on it) beside the winter closure, which
    // keeps its own first date.
    expect(lines).toContain('2026-12-24\t2026-12-31\tWinter closure\tmanual');
    expect(lines).toContain('2026-12-25\t2026-12-25\tChristmas Day\tES-MD');
    expect(lines).toHaveLength(15);
    expect(await cli('holidays:remove', 'W', '--date', '2026-12-24')).toMatchObject({
      code: 0,
      stdout: [`workspace ${id}: removed holiday 2026-12-24 to 2026-12-31 "Winter closure"`],
    });
    expect(await list()).toHaveLength(14);
  });

  it.each([
    [
      ['holidays:add', 'W', '--date', '2026-02-30', '--name', 'X'],
      /--date: "2026-02-30" is not a date/,
    ],
    [
      ['holidays:add', 'W', '--date', '2026-05-04', '--to', '2026-05-01', '--name', 'X'],
      /--to 2026-05-01 is before --date/,
    ],
    [['holidays:add', 'W', '--date', '2026-05-04'], /--name is required/],
    [
      ['holidays:add', 'W', '--date', '2026-01-01', '--name', 'Again'],
      /"New Year's Day" already starts/,
    ],
    [['holidays:add', 'W', '--dat', '2026-05-04', '--name', 'X'], /--dat/],
    [
      ['holidays:import', 'W', '--country', 'XX', '--from-year', '2026', '--to-year', '2026'],
      /--country: XX is not a country code/,
    ],
    [
      [
        'holidays:import',
        'W',
        '--country',
        'ES',
        '--region',
        'ZZ',
        '--from-year',
        '2026',
        '--to-year',
        '2026',
      ],
      /--region: ZZ is not a region of Spain/,
    ],
    [
      ['holidays:import', 'W', '--country', 'ES', '--from-year', '2027', '--to-year', '2026'],
      /--to-year: 2026 is before/,
    ],
    [
      ['holidays:import', 'W', '--country', 'ES', '--from-year', '26', '--to-year', '2026'],
      /--from-year must be a year/,
    ],
    [
      ['holidays:remove', 'W', '--date', '2026-03-03'],
      /--date 2026-03-03: no holiday starts on that date/,
    ],
    [['holidays:list', '--workspace', '999'], /--workspace 999: no such workspace/],
  ])('refuses %j with exit 2 and changes nothing', async (argv, message) => {
    const before = await list();
    const outcome = await cli(...argv);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr.join('\n')).toMatch(message);
    expect(await list()).toEqual(before);
  });
});
