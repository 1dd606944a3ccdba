import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { copyFolder } from '../../support/copy-folder';
import { openDatabase } from '../../../server/db/open';
import type { DatabaseOptions, Db } from '../../../server/db/types';

// Fresh, migrated, empty databases for server tests, copied from a template that
// global-setup.ts migrates once per run and names through vitest's provide/inject.
// TEST_DB=pglite (default) copies a PGlite data folder; TEST_DB=postgres with TEST_DATABASE_URL
// creates databases from a template database. Names carry a per-run id, so concurrent runs
// against one PostgreSQL server never drop each other's databases.

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate;
  }
}

export interface TestDbTemplate {
  /** A PGlite data folder, or a PostgreSQL database name. */
  template: string;
  /** Copies are named this plus a random suffix (a folder path, or a database name). */
  copyPrefix: string;
}

export const TMP_DIR = fileURLToPath(new URL('../../../.tmp/', import.meta.url));

export type TestDbSettings = { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string };

export function testDbSettings(): TestDbSettings {
  const chosen = process.env.TEST_DB ?? 'pglite';
  if (chosen === 'pglite') return { kind: 'pglite' };
  if (chosen !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres, not "${chosen}"`);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (scripts/start-postgres.sh prints one)',
    );
  }
  return { kind: 'postgres', adminUrl };
}

/** The admin URL pointed at another database on the same server. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One short-lived connection for CREATE/DROP DATABASE, which cannot run in a transaction. */
export async function withAdminClient<T>(
  adminUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Where a fresh copy of the template lives, and how to remove it again. */
export interface TestDbLocation {
  options: DatabaseOptions;
  dispose(): Promise<void>;
}

const suffix = () => randomBytes(6).toString('hex');

export async function createTestDbLocation(): Promise<TestDbLocation> {
  const settings = testDbSettings();
  const { template, copyPrefix } = inject('testDbTemplate');
  if (settings.kind === 'pglite') {
    const dataDir = `${copyPrefix}${suffix()}`;
    await copyFolder(template, dataDir);
    return { options: { dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `${copyPrefix}${suffix()}`;
  await withAdminClient(settings.adminUrl, (client) =>
    client.query(`create database "${name}" template "${template}"`),
  );
  return {
    options: { databaseUrl: databaseUrl(settings.adminUrl, name), dataDir: '' },
    dispose: async () => {
      await withAdminClient(settings.adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

/** A fresh, migrated, empty database; close() also removes it. */
export async function createTestDb(): Promise<Db> {
  const location = await createTestDbLocation();
  const db = await openDatabase(location.options);
  const close = db.close.bind(db);
  return Object.assign(db, {
    close: async () => {
      await close();
      await location.dispose();
    },
  });
}
