import { afterAll, beforeAll } from 'vitest';
import { listMigrations } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import type { Db } from '../../../server/db/types';

// A test file's fresh in-memory PGlite, migrated up to (not including) one migration, for tests
// of that migration on data stored before it.

export function migratedBefore(version: number) {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openPglite('memory://');
    for (const migration of await listMigrations()) {
      if (migration.version >= version) break;
      await db.runScript(migration.sql);
    }
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });
  const current = () => {
    if (!db) throw new Error('The migrated database exists only while tests run');
    return db;
  };
  return {
    db: current,
    /** Runs the migrations from `version` on, each in a transaction, as the server does. */
    migrate: async (until = Number.POSITIVE_INFINITY) => {
      const pending = (await listMigrations()).filter(
        (m) => m.version >= version && m.version <= until,
      );
      for (const migration of pending) {
        await current().transaction((tx) => tx.runScript(migration.sql));
      }
    },
  };
}
