import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive } from '../../../server/backup/archive';
import { dropBiRole, ensureBiRole } from '../../../server/bi/role';
import { listMigrations } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/open';
import type { DatabaseOptions } from '../../../server/db/types';
import { createTestWorkspace, type TestWorkspace } from '../support/app';
import { dovecotForFile } from '../support/dovecot-file';
import { addSyncedMailbox, readFromDovecot, TEST_KEY } from '../support/mail-sync';
import { environment, runCli, start, stop, type Running } from '../support/server-process';
import { WEEK, type Summary } from '../support/stats-e2e-figures';
import { week } from '../support/stats-e2e-mail';
import {
  createTestDbLocation,
  databaseUrl,
  testDbSettings,
  TMP_DIR,
  withAdminClient,
  type TestDbLocation,
} from '../support/test-db';

// A backup of a running server with synced mail, restored into a fresh folder or database: the
// statistics, the audit chain and a new sync over the same Dovecot come out the same, the
// credentials open, and the BI role is made again. On PGlite the key travels as the folder's key
// file; on PostgreSQL as SECRETS_KEY, which the restore needs given.

const dovecot = dovecotForFile();
const disposals: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const dispose of disposals.reverse()) await dispose();
});

const onPostgres = testDbSettings().kind === 'postgres';
const KEY = TEST_KEY.toString('base64');
const suffix = randomBytes(4).toString('hex');
const BI_ROLE = `backup_bi_${suffix}`;

/** A new, empty target: a folder that does not exist yet, or an empty database. */
async function emptyTarget(): Promise<DatabaseOptions> {
  const settings = testDbSettings();
  if (settings.kind === 'pglite') {
    const dataDir = join(TMP_DIR, `restored-${suffix}`);
    disposals.push(() => rm(dataDir, { recursive: true, force: true }));
    return { dataDir };
  }
  const name = `mailpulse_restored_${suffix}`;
  await withAdminClient(settings.adminUrl, (client) => client.query(`create database "${name}"`));
  disposals.push(() =>
    withAdminClient(settings.adminUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    ),
  );
  return { databaseUrl: databaseUrl(settings.adminUrl, name), dataDir: '' };
}

/** A workspace whose sales mailbox reads a week of mail from Dovecot, and (PostgreSQL) a BI role. */
async function prepare(location: TestDbLocation): Promise<{ ws: TestWorkspace; sales: string }> {
  const db = await openDatabase(location.options);
  try {
    const ws = await createTestWorkspace(db, { domain: `backup-${suffix}.example` });
    const sales = `sales@${ws.domain}`;
    await dovecot.addUser(sales);
    const mail = week(sales, `colleague@${ws.domain}`);
    await dovecot.append(sales, 'INBOX', mail.inbox);
    await dovecot.append(sales, 'Sent', mail.sent);
    await readFromDovecot(db, ws.workspaceId, dovecot);
    await addSyncedMailbox(db, ws.workspaceId, sales, '2026-02-01');
    const settings = testDbSettings();
    if (settings.kind === 'postgres') {
      await ensureBiRole(db, ws.workspaceId, BI_ROLE);
      // Roles are the cluster's: dropped last, once the databases granting to it are gone.
      disposals.unshift(() =>
        withAdminClient(settings.adminUrl, (c) => c.query(`drop role if exists "${BI_ROLE}"`)),
      );
    }
    // The embedded database's key is its folder's key file, which the backup carries.
    if (db.kind === 'pglite') await writeFile(join(location.options.dataDir, 'secrets.key'), KEY);
    return { ws, sales };
  } finally {
    await db.close();
  }
}

async function summary(server: Running, ws: TestWorkspace): Promise<Summary> {
  const reply = await fetch(`${server.url}/portal/api/stats/summary?${new URLSearchParams(WEEK)}`, {
    headers: { authorization: `Token ${ws.admin.token}` },
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as Summary;
}

/**
 * A server's or the CLI's environment on `options`, with SECRETS_KEY on PostgreSQL unless
 * `withKey` is false. No workers: only the CLI's `mail:sync --wait` reads Dovecot.
 */
function envFor(options: DatabaseOptions, withKey = onPostgres): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = environment(
    { options, dispose: async () => {} },
    { SEED_DEMO: 'false', WORKERS: 'false' },
  );
  delete env.SECRETS_KEY;
  return withKey ? { ...env, SECRETS_KEY: KEY } : env;
}

describe('backup and restore', () => {
  it('restores a running server into a fresh target with the same figures, chain, credentials and BI role', async () => {
    const location = await createTestDbLocation();
    disposals.push(() => location.dispose());
    const { ws, sales } = await prepare(location);
    const env = envFor(location.options);
    const cli = (args: string[], to = env) => runCli(args, to);
    const sync = ['mail:sync', '--workspace', String(ws.workspaceId), '--mailbox', sales, '--wait'];
    const verify = ['audit:verify', '--workspace', String(ws.workspaceId)];

    const first = await start(env);
    expect(await cli(sync)).toMatchObject({ code: 0, stdout: `${sales}: in\n` });
    const figures = await summary(first, ws);
    expect(figures).toMatchObject({ received: 9, sent: 7 });
    const chain = await cli(verify);
    expect(chain.stdout).toMatch(/^ok \d+ entries\n$/);
    const file = join(TMP_DIR, `backup-${suffix}.tgz`);
    disposals.push(() => rm(file, { force: true }));
    const backup = await cli(['backup', '--out', file]);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain('secrets key included');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readArchive(file)).manifest.biRoles).toEqual(
      onPostgres ? [{ workspaceId: ws.workspaceId, role: BI_ROLE }] : [],
    );
    expect(await stop(first, 'SIGTERM')).toBe(0);
    if (onPostgres) {
      // The cluster lost the role (a new cluster): the restore makes it again.
      const source = await openDatabase(location.options);
      await dropBiRole(source, ws.workspaceId, BI_ROLE);
      await source.close();
    }

    const target = await emptyTarget();
    // Without its key the archive cannot open the credentials: refused, naming SECRETS_KEY.
    const keyless = join(TMP_DIR, `backup-${suffix}-keyless.tgz`);
    disposals.push(() => rm(keyless, { force: true }));
    await writeArchive(keyless, { ...(await readArchive(file)), key: null });
    const bare = envFor(target, false);
    const refused = await cli(['restore', '--from', keyless], bare);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(/SECRETS_KEY/);

    let restoreEnv = bare;
    if (onPostgres) {
      // PostgreSQL keeps no key file: the restore (and every server) takes SECRETS_KEY.
      const without = await cli(['restore', '--from', file], bare);
      expect(without.stderr).toContain(`Restoring into PostgreSQL needs SECRETS_KEY`);
      const { stdout: key } = await promisify(execFile)('tar', ['-xzOf', file, 'secrets.key']);
      restoreEnv = { ...bare, SECRETS_KEY: key.trim() };
    }
    const restored = await cli(['restore', '--from', file], restoreEnv);
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    const level = (await listMigrations()).at(-1)?.name ?? '';
    expect(restored.stdout).toContain(`at migration ${level}`);
    // The role is made again with a new password, printed once, and reads its workspace's rows.
    const password = new RegExp(
      `workspace ${ws.workspaceId}: BI role ${BI_ROLE} created; password\\t(\\S{32})`,
    ).exec(restored.stdout)?.[1];
    expect(password !== undefined).toBe(onPostgres);

    const second = await start(envFor(target));
    expect(await summary(second, ws)).toEqual(figures);
    expect(await cli(verify, envFor(target))).toMatchObject({ code: 0, stdout: chain.stdout });
    // A new sync over the same Dovecot opens the restored credentials and counts nothing twice.
    expect(await cli(sync, envFor(target))).toMatchObject({ code: 0, stdout: `${sales}: in\n` });
    expect(await summary(second, ws)).toEqual(figures);
    expect(await stop(second, 'SIGTERM')).toBe(0);
    if (target.databaseUrl && password) {
      const url = new URL(target.databaseUrl);
      url.username = BI_ROLE;
      url.password = password;
      const bi = new pg.Client({ connectionString: url.toString() });
      await bi.connect();
      const { rows } = await bi.query<{ n: string }>('select count(*) as n from bi_messages');
      await bi.end();
      const db = await openDatabase(target);
      const [all] = await db.query<{ n: number }>(
        'select count(*)::int as n from bi_messages where workspace_id = $1',
        [ws.workspaceId],
      );
      await db.close();
      expect(Number(rows[0]?.n)).toBe(all?.n);
      expect(all?.n).toBeGreaterThan(0);
    }
  }, 300_000);
});
