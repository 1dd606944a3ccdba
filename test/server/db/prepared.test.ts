import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared, sql } from '../../../server/db/sql';
import type { Db } from '../../../server/db/types';
import { createTestDb } from '../support/test-db';

// Named prepared statements (sql.ts `prepared`): the reads every request makes are parsed and
// planned once per PostgreSQL connection. Runs on the database TEST_DB selects.

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

const square = (n: number) =>
  prepared('mailpulse_test_square', sql`select ${n}::int * ${n}::int as square, ${'x'} as tag`);

describe('a prepared statement', () => {
  it('returns what the same statement returns unnamed, for each set of values', async () => {
    for (const n of [2, 3, 40]) {
      const [named] = await db.query(square(n));
      const [plain] = await db.query(sql`select ${n}::int * ${n}::int as square, ${'x'} as tag`);
      expect(named).toEqual({ square: n * n, tag: 'x' });
      expect(named).toEqual(plain);
    }
  });

  it('is kept by name on a PostgreSQL connection and run again by it; PGlite runs it as text', async () => {
    const statements = await db.transaction(async (tx) => {
      await tx.query(square(5));
      const [again] = await tx.query(square(6));
      expect(again).toEqual({ square: 36, tag: 'x' });
      return tx.query<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements where name like 'mailpulse_test_%'`,
      );
    });
    if (db.kind === 'postgres') {
      expect(statements).toEqual([
        {
          name: 'mailpulse_test_square',
          statement: 'select $1::int * $2::int as square, $3 as tag',
        },
      ]);
    } else {
      expect(statements).toEqual([]);
    }
  });

  it('keeps its name through spread but loses it when spliced into another statement', () => {
    expect(square(1).name).toBe('mailpulse_test_square');
    expect(sql`select * from (${square(1)}) s`.name).toBeUndefined();
  });
});
