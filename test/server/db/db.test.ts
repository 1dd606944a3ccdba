import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/open';
import { openPglite } from '../../../server/db/pglite';
import { DbConstraintError, type Db } from '../../../server/db/types';
import { parseTimestamp } from '../../../server/db/values';
import { createTestDb, createTestDbLocation } from '../support/test-db';

// Runs on the database TEST_DB selects; the expected values are literal, so passing on both
// databases proves the drivers agree.

const VALUES_SQL = `select
  '2026-11-21'::date as d,
  '2026-11-21 22:27:19.123456+02'::timestamptz as tz,
  '2026-01-01 10:00:00.5'::timestamp as ts,
  9007199254740991::int8 as i8,
  12.50::numeric as n,
  $1::jsonb as jb,
  '{"x": null}'::json as j,
  $2::text[] as ta,
  array[1, 2]::int[] as ia,
  array[3, 4]::int8[] as i8a,
  array['2026-01-01'::date, null] as da,
  array['2026-01-01 00:00:00+00'::timestamptz] as tza,
  array[1.5]::numeric[] as na,
  '09:00'::time as t,
  'G'::char(1) as c,
  true as b,
  null::date as nd,
  '{}'::text[] as empty`;

const EXPECTED_VALUES = {
  d: '2026-11-21',
  tz: '2026-11-21T20:27:19.123Z',
  ts: '2026-01-01T10:00:00.500Z',
  i8: 9007199254740991,
  n: 12.5,
  jb: { a: [1, 'x'], b: { c: true } },
  j: { x: null },
  ta: ['a', 'b,c', null, 'd"e'],
  ia: [1, 2],
  i8a: [3, 4],
  da: ['2026-01-01', null],
  tza: ['2026-01-01T00:00:00.000Z'],
  na: [1.5],
  t: '09:00:00',
  c: 'G',
  b: true,
  nd: null,
  empty: [],
};

const VALUES_PARAMS = [JSON.stringify({ a: [1, 'x'], b: { c: true } }), ['a', 'b,c', null, 'd"e']];

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('values', () => {
  it('come back as the same JS values on either driver', async () => {
    const [row] = await db.query(VALUES_SQL, VALUES_PARAMS);
    expect(row).toEqual(EXPECTED_VALUES);
  });

  it('read defaults such as now() as ISO-8601 UTC strings', async () => {
    const [row] = await db.query<{ now: string; today: string }>(
      'select now() as now, current_date as today',
    );
    expect(row?.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row?.today).toBe(row?.now.slice(0, 10));
  });

  it('accept a Date parameter and return the same instant', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const [row] = await db.query<{ at: string }>('select $1::timestamptz as at', [at]);
    expect(row?.at).toBe(at.toISOString());
  });

  it('are identical between a fresh PGlite and the database under test', async () => {
    const pglite = await openPglite('memory://');
    try {
      const [a] = await pglite.query(VALUES_SQL, VALUES_PARAMS);
      const [b] = await db.query(VALUES_SQL, VALUES_PARAMS);
      expect(b).toEqual(a);
    } finally {
      await pglite.close();
    }
  });

  it('parse timestamps with any offset form', () => {
    expect(parseTimestamp('2026-11-21 22:27:19+00')).toBe('2026-11-21T22:27:19.000Z');
    expect(parseTimestamp('2026-11-21 22:27:19.1-03:30')).toBe('2026-11-22T01:57:19.100Z');
    expect(parseTimestamp('2026-11-21 00:00:00+05:30:15')).toBe('2026-11-20T18:29:45.000Z');
    expect(parseTimestamp('0050-01-01 00:00:00')).toBe('0050-01-01T00:00:00.000Z');
    expect(parseTimestamp('infinity')).toBe('infinity');
  });
});

describe('queries', () => {
  it('without parameters may hold several statements and return the last rows', async () => {
    const rows = await db.query('select 1 as a; select 2 as b');
    expect(rows).toEqual([{ b: 2 }]);
  });

  it('runScript runs a script of several statements, on the Db or in a transaction', async () => {
    await db.runScript('create table script_probe (n int); insert into script_probe values (1)');
    await db.transaction((tx) =>
      tx.runScript('insert into script_probe values (2); insert into script_probe values (3)'),
    );
    expect(await db.query('select n from script_probe order by n')).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
  });

  it('map unique, check and foreign-key violations to DbConstraintError', async () => {
    const [ws] = await db.query<{ workspace_id: number }>(
      `insert into workspaces (client_name, allowed_domains, provider)
       values ('A', '{a.example}', 'G') returning workspace_id`,
    );
    const insertUser = (email: string) =>
      db.query(`insert into users (workspace_id, email, role) values ($1, $2, 'admin')`, [
        ws?.workspace_id,
        email,
      ]);
    await insertUser('x@a.example');
    await expect(insertUser('X@A.example')).rejects.toMatchObject({
      name: 'DbConstraintError',
      code: '23505',
      constraint: 'users_email_key',
    });
    const check = db.query(
      `insert into workspaces (client_name, allowed_domains, provider) values ('B', '{b.example}', 'X')`,
    );
    await expect(check).rejects.toBeInstanceOf(DbConstraintError);
    await expect(check).rejects.toMatchObject({
      code: '23514',
      constraint: 'workspaces_provider_check',
    });
    await expect(
      db.query(`insert into teams (workspace_id, name) values (999999, 'T')`),
    ).rejects.toMatchObject({ code: '23503', constraint: 'teams_workspace_id_fkey' });
  });

  it('leave other errors alone', async () => {
    const failure = db.query('select * from no_such_table');
    await expect(failure).rejects.not.toBeInstanceOf(DbConstraintError);
    await expect(failure).rejects.toMatchObject({ code: '42P01' });
  });
});

describe('transactions', () => {
  it('commit on success and roll back on error', async () => {
    await db.query('create table tx_probe (workspace_id int, n int)');
    await db.transaction((tx) => tx.query('insert into tx_probe values (1, 1)'));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_probe values (1, 2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('select n from tx_probe')).toEqual([{ n: 1 }]);
  });

  it('refuse calls on the Db from inside a transaction, and a tx used after it ended', async () => {
    let leaked: Parameters<Parameters<Db['transaction']>[0]>[0] | undefined;
    await expect(
      db.transaction(async (tx) => {
        leaked = tx;
        await db.query('select 1');
      }),
    ).rejects.toThrow(/inside a transaction/);
    await expect(leaked?.query('select 1 as one', [])).rejects.toThrow(/closed/i);
    // Work scheduled from a transaction may use the Db once the transaction has ended.
    // It runs once the test has seen the transaction end, not after a time it might outlast.
    let ended = () => {};
    const transactionEnded = new Promise<void>((resolve) => (ended = resolve));
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      later = transactionEnded.then(() => db.query('select 1 as one'));
      await tx.query('select 1');
    });
    ended();
    await expect(later).resolves.toEqual([{ one: 1 }]);
  });

  it('run concurrently without losing writes', async () => {
    await db.query('create table counter (workspace_id int primary key, n int not null)');
    await db.query('insert into counter values (1, 0)');
    const bump = () =>
      db.transaction(async (tx) => {
        // "for update" serialises on PostgreSQL; PGlite serialises whole transactions.
        const [row] = await tx.query<{ n: number }>(
          'select n from counter where workspace_id = 1 for update',
        );
        // Yield between read and write so the four transactions really interleave.
        await new Promise(setImmediate);
        await tx.query('update counter set n = $1 where workspace_id = 1', [(row?.n ?? 0) + 1]);
      });
    await Promise.all([bump(), bump(), bump(), bump()]);
    expect(await db.query('select n from counter')).toEqual([{ n: 4 }]);
  });
});

describe('migrations', () => {
  it('are recorded once and re-running them changes nothing', async () => {
    const files = await listMigrations();
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version',
    );
    expect(recorded).toEqual(files.map(({ version, name }) => ({ version, name })));
  });

  it('refuse a database migrated by a newer build', async () => {
    await db.query(`insert into schema_migrations (version, name) values (9999, '9999_future')`);
    try {
      await expect(migrate(db)).rejects.toThrow(/9999_future/);
    } finally {
      await db.query('delete from schema_migrations where version = 9999');
    }
  });

  it('apply once when two servers start at the same time', async () => {
    const location = await createTestDbLocation();
    const first = await openDatabase(location.options);
    // PGlite is one process's folder; PostgreSQL gets a second, independent pool.
    const second = first.kind === 'postgres' ? await openDatabase(location.options) : first;
    try {
      await first.query('drop schema public cascade; create schema public');
      const [a, b] = await Promise.all([migrate(first), migrate(second)]);
      const names = (await listMigrations()).map((m) => m.name);
      expect([...a, ...b].sort()).toEqual(names);
    } finally {
      if (second !== first) await second.close();
      await first.close();
      await location.dispose();
    }
  });
});
