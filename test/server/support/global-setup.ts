import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { listMigrations, migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import { bundleServer } from '../../../scripts/server-bundle';
import { applyTestSettings, TEST_PGLITE_SETTINGS } from '../../support/pglite-settings';
import { TEST_CHILD_ENTRIES } from './server-process';
import {
  TMP_DIR,
  databaseUrl,
  testDbSettings,
  withAdminClient,
  type TestDbTemplate,
} from './test-db';

// Migrates one template per run and hands its name to the tests; test-db.ts copies it. Bundles
// the server once per run for the processes the tests start (server-process.ts).

const RUN_ID = randomBytes(4).toString('hex');
const PGLITE_TEMPLATES = join(TMP_DIR, 'pglite-template');

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A hash of every migration file and the test settings: a template is reused only while it matches. */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const m of await listMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  hash.update(TEST_PGLITE_SETTINGS);
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite's initdb takes seconds, so .tmp/pglite-template/<fingerprint> outlives the run. It is
 * built beside its final name and renamed into place, so no run ever copies a half-built one.
 */
async function preparePglite(): Promise<{
  template: TestDbTemplate;
  teardown: () => Promise<void>;
}> {
  await mkdir(PGLITE_TEMPLATES, { recursive: true });
  const fingerprint = await migrationsFingerprint();
  const template = join(PGLITE_TEMPLATES, fingerprint);
  if (!(await exists(template))) {
    const building = join(TMP_DIR, `pglite-building-${RUN_ID}`);
    const db = await openPglite(building);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await applyTestSettings(building);
    // Another run may have finished the same template first; theirs is as good as ours.
    await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  }
  for (const old of await readdir(PGLITE_TEMPLATES)) {
    if (old !== fingerprint)
      await rm(join(PGLITE_TEMPLATES, old), { recursive: true, force: true });
  }
  const copyName = `pglite-t-${RUN_ID}-`;
  const teardown = async () => {
    // Copies a test forgot to close.
    for (const entry of await readdir(TMP_DIR)) {
      if (entry.startsWith(copyName))
        await rm(join(TMP_DIR, entry), { recursive: true, force: true });
    }
  };
  return { template: { template, copyPrefix: join(TMP_DIR, copyName) }, teardown };
}

async function preparePostgres(
  adminUrl: string,
): Promise<{ template: TestDbTemplate; teardown: () => Promise<void> }> {
  const template = `mailpulse_template_${RUN_ID}`;
  const copyPrefix = `mailpulse_t_${RUN_ID}_`;
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`drop database if exists "${template}" with (force)`);
    await client.query(`create database "${template}"`);
  });
  const db = await openPostgres(databaseUrl(adminUrl, template));
  try {
    await migrate(db);
  } finally {
    await db.close(); // CREATE DATABASE … TEMPLATE needs the template free of connections
  }
  const teardown = () =>
    withAdminClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or starts_with(datname, $2)',
        [template, copyPrefix],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    });
  return { template: { template, copyPrefix }, teardown };
}

/**
 * The server's bundle as `npm run build` makes it (scripts/server-bundle.ts), with the kill
 * tests' sync child, in .tmp/server-<run> (two folders down, as dist/server, for
 * server/runtime-files.ts): a process started from it spends about a second less CPU than one
 * compiling the TypeScript through tsx, and the tests start hundreds.
 */
async function prepareBundle(): Promise<{ bundle: string; teardown: () => Promise<void> }> {
  const bundle = join(TMP_DIR, `server-${RUN_ID}`);
  await bundleServer(bundle, TEST_CHILD_ENTRIES);
  return { bundle, teardown: () => rm(bundle, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const settings = testDbSettings();
  const [{ template, teardown }, server] = await Promise.all([
    settings.kind === 'postgres' ? preparePostgres(settings.adminUrl) : preparePglite(),
    prepareBundle(),
  ]);
  project.provide('testDbTemplate', template);
  project.provide('serverBundle', server.bundle);
  return async () => {
    await teardown();
    await server.teardown();
  };
}
