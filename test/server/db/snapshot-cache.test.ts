import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotCache } from '../../../server/db/snapshot-cache';
import type { Db } from '../../../server/db/types';
import type { Sql } from '../../../server/db/sql';
import type { Queryable } from '../../../server/db/types';
import { createTestDb, testDbSettings } from '../support/test-db';
import { setUpTestWorkspace } from '../support/suite';

// A value is reused while the database is unchanged and computed again after any write,
// including one that was in progress when the value was cached.

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  await db.query('create table counter (n integer not null)');
  await db.query('insert into counter values (0)');
});
afterAll(() => db.close());

/** The snapshots the cache was keyed by: on PostgreSQL they are the cluster's, so another
 *  database's transaction (a parallel test file's) moves them too. */
function seeing(snapshots: Set<string>): Queryable {
  return {
    query: async (statement: Sql) => {
      const rows = await db.query(statement);
      for (const row of rows as { snapshot?: unknown }[])
        if (typeof row.snapshot === 'string') snapshots.add(row.snapshot);
      return rows;
    },
  } as Queryable;
}

function countingCache() {
  const cache = new SnapshotCache<string, number>();
  const snapshots = new Set<string>();
  let computed = 0;
  const read = () =>
    cache.get(seeing(snapshots), 'n', async () => {
      computed += 1;
      const [row] = await db.query<{ n: number }>('select n from counter');
      return row?.n ?? -1;
    });
  return { read, computed: () => computed, snapshots: () => snapshots.size };
}

describe('a snapshot cache', () => {
  it('computes once while nothing is written, and shares one computation', async () => {
    const { read, computed, snapshots } = countingCache();
    expect(await Promise.all([read(), read(), read()])).toEqual([0, 0, 0]);
    expect(await read()).toBe(0);
    // One computation per snapshot seen: exactly one where nothing else shares the database
    // (PGlite); on a shared PostgreSQL cluster, another database's commit is a new snapshot.
    expect(computed()).toBe(snapshots());
    if (testDbSettings().kind === 'pglite') expect(computed()).toBe(1);
  });

  it('computes again after a write', async () => {
    const { read, computed } = countingCache();
    expect(await read()).toBe(0);
    await db.query('update counter set n = n + 1');
    expect(await read()).toBe(1);
    await db.transaction((tx) => tx.query('update counter set n = n + 1'));
    expect(await read()).toBe(2);
    expect(computed()).toBe(3);
  });
});

describe('the users list', () => {
  const t = setUpTestWorkspace('list-cache.example');

  it('shows a change made after it was read', async () => {
    const admin = t.admin(t.ws);
    const email = `new.admin@${t.ws.domain}`;
    const emails = async () =>
      (await admin.get('/portal/api/settings/users/'))
        .json<{ users: { email: string }[] }>()
        .users.map((user) => user.email);
    const before = await emails();
    expect(await emails()).toEqual(before);
    const added = await admin.post('/portal/api/settings/users/', {
      emails: [email],
      role: 'admin',
    });
    expect(added.statusCode).toBe(201);
    expect(await emails()).toEqual(expect.arrayContaining([...before, email]));
    await t.db.query('delete from users where email = $1', [email]);
    expect(await emails()).toEqual(before);
  });

  it('answers a repeat read with the same JSON, its length counted in bytes', async () => {
    const admin = t.admin(t.ws);
    const email = `zoe@${t.ws.domain}`;
    await admin.post('/portal/api/settings/users/', { emails: [email], role: 'admin' });
    await t.db.query(`update users set full_name = 'Zoë Ñandú 東京' where email = $1`, [email]);
    const first = await admin.get('/portal/api/settings/users/');
    const again = await admin.get('/portal/api/settings/users/');
    for (const reply of [first, again]) {
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
    }
    expect(again.body).toBe(first.body);
    const users = first.json<{ users: { email: string; full_name: string }[] }>().users;
    expect(users.find((user) => user.email === email)?.full_name).toBe('Zoë Ñandú 東京');
    await t.db.query('delete from users where email = $1', [email]);
  });
});
