import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBiCommand } from '../../../server/cli/bi-parse';
import { executeCommand, parseArgv } from '../../../server/cli/execute';
import { CliInputError } from '../../../server/cli/flag-values';
import { loadConfig } from '../../../server/config';
import { migrate } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/open';
import type { Db } from '../../../server/db/types';
import { createWorkspace } from '../../../server/repos/workspaces';

// bi:role's flags, its help, and its refusal on the embedded database (PGlite has no roles that
// can log in). Its work on PostgreSQL is in bi-role.postgres.test.ts.

const words = (line: string) => line.split(' ').filter(Boolean);

describe('bi:role flags', () => {
  it.each([
    ['bi:role', /--workspace is required/],
    ['bi:role --workspace x', /--workspace must be a workspace id/],
    ['bi:role --workspace 1 --role Upper', /--role must be lower-case/],
    ['bi:role --workspace 1 --role pg_read_all_data', /--role must be/],
    ['bi:role --workspace 1 --role 1abc', /--role must be/],
    [`bi:role --workspace 1 --role ${'a'.repeat(64)}`, /--role must be/],
    ['bi:role --workspace 1 --role a;drop', /--role must be/],
    ['bi:role --workspace 1 --rol x', /--rol/],
    ['bi:role --workspace 1 extra', /extra/],
  ])('refuses "%s" naming the bad flag', (line, message) => {
    expect(() => parseBiCommand(words(line))).toThrow(CliInputError);
    expect(() => parseBiCommand(words(line))).toThrow(message);
  });

  it('names the role after the workspace unless --role names one', () => {
    expect(parseBiCommand(words('bi:role --workspace 7'))).toEqual({
      name: 'bi:role',
      workspaceId: 7,
      role: 'mailpulse_bi_7',
      drop: false,
    });
    expect(parseBiCommand(words('bi:role --workspace 7 --role acme_looker --drop'))).toEqual({
      name: 'bi:role',
      workspaceId: 7,
      role: 'acme_looker',
      drop: true,
    });
  });

  it('is in the help', () => {
    const help = parseArgv(['help']);
    expect(help).toMatchObject({ code: 0 });
    expect('stdout' in help ? help.stdout.join('\n') : '').toMatch(
      /bi:role {8}--workspace ID \[--role NAME\] \[--drop\]/,
    );
  });
});

describe('bi:role on the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
  });
  afterAll(() => db.close());

  it('refuses, saying it needs PostgreSQL, and changes nothing', async () => {
    const ws = await db.transaction((tx) =>
      createWorkspace(tx, {
        client_name: 'Embedded',
        allowed_domains: ['embedded.example'],
        provider: 'G',
        max_mailboxes: 5,
        max_users: 5,
        max_alerts: 5,
      }),
    );
    const context = {
      db,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      secrets: () => Promise.reject(new Error('no secrets here')),
    };
    const outcome = await executeCommand(
      context,
      parseBiCommand(words(`bi:role --workspace ${ws.workspace_id}`)),
    );
    expect(outcome).toEqual({
      stdout: [],
      stderr: [
        'error: bi:role needs PostgreSQL (DATABASE_URL): the embedded database has no roles ' +
          'that can log in',
      ],
      code: 2,
    });
    expect(await db.query(`select * from bi_roles`)).toEqual([]);
    const missing = await executeCommand(context, parseBiCommand(words('bi:role --workspace 999')));
    expect(missing).toMatchObject({
      code: 2,
      stderr: ['error: --workspace 999: no such workspace'],
    });
  });
});
