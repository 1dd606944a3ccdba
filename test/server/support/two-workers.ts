import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import type { SyncOutcome } from '../../../server/mail/sync-worker';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { createTestWorkspace } from './app';
import { addSyncedMailbox, message, readFromDovecot, TEST_KEY } from './mail-sync';
import { createTestDbLocation, type TestDbLocation } from './test-db';
import { bundled } from './server-process';

// Two worker processes on one PostgreSQL with twenty mailboxes: each mailbox is synced by one of
// them once per interval and no message is stored twice. PGlite is one process per data folder,
// so this is registered only when the suite runs on PostgreSQL.

const MAILBOXES = 20;
const PER_MAILBOX = 30;
let dovecot: Dovecot;
let location: TestDbLocation;
let workspaceId: number;

async function setUp() {
  dovecot = await startDovecot();
  location = await createTestDbLocation();
  const db = await openDatabase(location.options);
  const ws = await createTestWorkspace(db, { domain: 'twoworkers.example' });
  workspaceId = ws.workspaceId;
  await readFromDovecot(db, workspaceId, dovecot);
  for (let i = 0; i < MAILBOXES; i += 1) {
    const email = `box${i}@twoworkers.example`;
    await dovecot.addUser(email);
    await dovecot.appendBulk(
      email,
      'INBOX',
      Array.from({ length: PER_MAILBOX }, (_, j) =>
        message({
          from: 'c@customer.example',
          to: email,
          date: `2026-02-10T09:${String(j).padStart(2, '0')}:00Z`,
        }),
      ),
    );
    await addSyncedMailbox(db, workspaceId, email, '2026-02-01');
  }
  await db.close();
}

function worker(offsetS: number): Promise<SyncOutcome[]> {
  const child = spawn(process.execPath, bundled('sync-child'), {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      SECRETS_KEY: TEST_KEY.toString('hex'),
      WORKSPACE_ID: String(workspaceId),
      DATABASE_URL: location.options.databaseUrl,
      CLOCK_OFFSET_S: String(offsetS),
    },
    stdio: 'pipe',
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`worker exited with ${code}`));
      else resolve(JSON.parse(last) as SyncOutcome[]);
    }),
  );
}

const both = async (offsetS: number) =>
  (await Promise.all([worker(offsetS), worker(offsetS)])).flat();

/** Registered by mail-sync-kill.test.ts when the suite runs on PostgreSQL. */
export const registerTwoWorkerTests = () =>
  describe('two worker processes on one PostgreSQL', () => {
    beforeAll(setUp, 120_000);
    afterAll(async () => {
      await location?.dispose();
      await dovecot?.close();
    });

    it('sync each of twenty mailboxes once per interval, no message twice', async () => {
      const first = await both(0);
      expect(first.map((o) => o.email).sort()).toEqual(
        Array.from({ length: MAILBOXES }, (_, i) => `box${i}@twoworkers.example`).sort(),
      );
      expect(first.every((o) => o.ok)).toBe(true);
      expect(await both(0)).toEqual([]);
      const next = await both(301);
      expect(next).toHaveLength(MAILBOXES);
      expect(new Set(next.map((o) => o.email)).size).toBe(MAILBOXES);
      const db = await openDatabase(location.options);
      const [counts] = await db.query<{ stored: number; distinct_ids: number }>(
        `select count(*)::int as stored,
                count(distinct (mailbox_id, message_id_header))::int as distinct_ids
           from messages where workspace_id = $1`,
        [workspaceId],
      );
      await db.close();
      expect(counts).toEqual({
        stored: MAILBOXES * PER_MAILBOX,
        distinct_ids: MAILBOXES * PER_MAILBOX,
      });
    }, 240_000);
  });
