import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { executeArgv, executeCommand, type CliOutcome } from '../../../server/cli/execute';
import { parseBiCommand } from '../../../server/cli/bi-parse';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import type { Db } from '../../../server/db/types';
import { client, createTestWorkspace } from '../support/app';
import { biScenario, type BiScenario } from '../support/bi-fixtures';
import type { TestSuite } from '../support/suite';
import {
  createTestDbLocation,
  testDbSettings,
  withAdminClient,
  type TestDbLocation,
} from '../support/test-db';

// bi:role on PostgreSQL: the role logs in, reads its workspace's rows of the BI views and
// nothing else. Roles are cluster-wide: every name here is unique to the run and dropped after.

let location: TestDbLocation;
let db: Db;
let config: Config;
let t: TestSuite;
let n = 0;
const roles: string[] = [];

beforeAll(async () => {
  location = await createTestDbLocation();
  db = await openDatabase(location.options);
  config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: location.options.databaseUrl ?? '' });
  const app = await buildApp({ config, db, logger: false, backgroundWork: false });
  t = {
    app,
    db,
    workspace: () => createTestWorkspace(db, { domain: `birole${(n += 1)}.example` }),
    admin: (ws) => client(app, ws.admin.token),
  };
});

afterAll(async () => {
  await t.app.close();
  await location.dispose();
  const settings = testDbSettings();
  if (settings.kind !== 'postgres') return;
  // Their grants went with the database; what is left of the roles goes now.
  await withAdminClient(settings.adminUrl, async (admin) => {
    for (const role of roles) await admin.query(`drop role if exists "${role}"`);
  });
});

const uniqueRole = () => {
  const role = `bi_test_${randomBytes(5).toString('hex')}`;
  roles.push(role);
  return role;
};

function biRole(line: string): Promise<CliOutcome> {
  const context = { db, config, secrets: () => Promise.reject(new Error('no secrets here')) };
  return executeCommand(context, parseBiCommand(line.split(' ')));
}

/** The printed connection details, as a BI tool would take them. */
function details(outcome: CliOutcome): pg.ClientConfig {
  const field = (name: string) =>
    outcome.stdout.find((line) => line.startsWith(`${name}\t`))?.split('\t')[1] ?? '';
  return {
    host: field('host'),
    port: Number(field('port')),
    database: field('database'),
    user: field('user'),
    password: field('password'),
  };
}

async function connect(settings: pg.ClientConfig) {
  const bi = new pg.Client(settings);
  await bi.connect();
  return bi;
}

/** The SQLSTATE a statement fails with, or 'ok'. */
const outcome = (bi: pg.Client, sql: string) =>
  bi.query(sql).then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'no code',
  );

const VIEWS = ['bi_daily', 'bi_messages', 'bi_requests', 'bi_mailboxes', 'bi_mailbox_teams'];

describe('bi:role', () => {
  let own: BiScenario;
  let other: BiScenario;
  beforeAll(async () => {
    own = await biScenario(t);
    other = await biScenario(t);
  });

  it("reads its own workspace's rows of every view, none of another's, and nothing else", async () => {
    const role = uniqueRole();
    const created = await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${role}`);
    expect(created).toMatchObject({ code: 0, stderr: [] });
    expect(created.stdout[0]).toBe(
      `workspace ${own.ws.workspaceId}: BI role ${role} created; it reads only workspace ` +
        `${own.ws.workspaceId}'s rows of ${VIEWS.join(', ')}`,
    );
    const settings = details(created);
    expect(settings).toMatchObject({ host: '127.0.0.1', user: role });
    expect(String(settings.password)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const bi = await connect(settings);
    try {
      for (const view of VIEWS) {
        const seen = await bi.query(`select distinct workspace_id from ${view}`);
        expect({ view, rows: seen.rows }).toEqual({
          view,
          rows: [{ workspace_id: own.ws.workspaceId }],
        });
      }
      const mine = await bi.query(`select count(*)::int as n from bi_messages`);
      const [all] = await db.query<{ n: number }>(
        `select count(*)::int as n from bi_messages where workspace_id = $1`,
        [own.ws.workspaceId],
      );
      expect(mine.rows[0]).toEqual(all);
      const theirs = await bi.query(
        `select count(*)::int as n from bi_daily where workspace_id = $1`,
        [other.ws.workspaceId],
      );
      expect(theirs.rows[0]).toEqual({ n: 0 });
      for (const table of [
        'stats_message_facts',
        'messages',
        'bi_roles',
        'bi_current',
        'stats_state',
      ]) {
        expect({ table, code: await outcome(bi, `select * from ${table} limit 1`) }).toEqual({
          table,
          code: '42501',
        });
      }
      // Read-only by default; and with that switched off, still no right to write anything.
      expect(await outcome(bi, `create temporary table mine (a int)`)).toBe('25006');
      await bi.query(`set default_transaction_read_only = off`);
      expect(await outcome(bi, `update bi_mailboxes set mailbox_name = 'x'`)).toBe('42501');
      expect(await outcome(bi, `delete from bi_messages`)).toBe('55000'); // not writable at all
      expect(await outcome(bi, `insert into stats_state (workspace_id) values (999)`)).toBe(
        '42501',
      );
      expect(await outcome(bi, `update workspaces set client_name = 'x'`)).toBe('42501');
      expect(await outcome(bi, `create table mine (a int)`)).toBe('42501');
    } finally {
      await bi.end();
    }
  });

  it('a second run gives a new password: the old one stops working', async () => {
    const role = uniqueRole();
    const first = details(await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${role}`));
    const again = await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${role}`);
    expect(again.stdout[0]).toMatch(`BI role ${role} given a new password`);
    const second = details(again);
    expect(second.password).not.toBe(first.password);
    await expect(connect(first)).rejects.toMatchObject({ code: '28P01' });
    const bi = await connect(second);
    await bi.end();
  });

  it("refuses a role that exists outside bi:role or is another workspace's", async () => {
    const stranger = uniqueRole();
    await db.query(`create role "${stranger}"`);
    const taken = await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${stranger}`);
    expect(taken.code).toBe(2);
    expect(taken.stderr[0]).toMatch(`a role ${stranger} exists and is not a BI role`);
    const role = uniqueRole();
    await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${role}`);
    const theirs = await biRole(`bi:role --workspace ${other.ws.workspaceId} --role ${role}`);
    expect(theirs).toMatchObject({
      code: 2,
      stderr: [`error: role ${role} is the BI role of workspace ${own.ws.workspaceId}`],
    });
  });

  it('--drop removes the role: it can no longer log in', async () => {
    const role = uniqueRole();
    const settings = details(
      await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${role}`),
    );
    const dropped = await biRole(`bi:role --workspace ${own.ws.workspaceId} --role ${role} --drop`);
    expect(dropped).toMatchObject({
      code: 0,
      stdout: [`workspace ${own.ws.workspaceId}: BI role ${role} dropped`],
    });
    await expect(connect(settings)).rejects.toMatchObject({ code: '28P01' });
    const [left] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_roles where rolname = $1`,
      [role],
    );
    expect(left).toEqual({ n: 0 });
  });

  it('workspace:delete drops the workspace’s BI role with the workspace', async () => {
    const doomed = await biScenario(t);
    const id = doomed.ws.workspaceId;
    const role = uniqueRole();
    const settings = details(await biRole(`bi:role --workspace ${id} --role ${role}`));
    const context = { db, config, secrets: () => Promise.reject(new Error('no secrets here')) };
    const deleted = await executeArgv(context, [
      'workspace:delete',
      '--workspace',
      String(id),
      '--confirm',
      doomed.ws.name,
    ]);
    expect(deleted).toMatchObject({ code: 0, stderr: [] });
    expect(deleted.stdout[0]).toMatch(
      new RegExp(
        `^workspace ${id} \\(${doomed.ws.name}\\) deleted: \\d+ rows; BI role ${role} dropped$`,
      ),
    );
    await expect(connect(settings)).rejects.toMatchObject({ code: '28P01' });
    const [left] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_roles where rolname = $1`,
      [role],
    );
    expect(left).toEqual({ n: 0 });
  });

  it("says what is missing when the server's own role may not create roles", async () => {
    const weak = uniqueRole();
    await db.query(`create role "${weak}" login password 'weak-password'`);
    // Enough to find the workspace; the database and these grants go when the test ends.
    await db.query(`grant select on all tables in schema public to "${weak}"`);
    const url = new URL(location.options.databaseUrl ?? '');
    url.username = weak;
    url.password = 'weak-password';
    const weakDb = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      const context = { db: weakDb, config, secrets: () => Promise.reject(new Error('none')) };
      const refused = await executeCommand(
        context,
        parseBiCommand([
          'bi:role',
          '--workspace',
          String(own.ws.workspaceId),
          '--role',
          uniqueRole(),
        ]),
      );
      expect(refused).toMatchObject({
        code: 2,
        stderr: [
          `error: bi:role needs CREATEROLE: the server's database role "${weak}" lacks it ` +
            `(a superuser can run: ALTER ROLE "${weak}" CREATEROLE)`,
        ],
      });
    } finally {
      await weakDb.close();
    }
  });
});
