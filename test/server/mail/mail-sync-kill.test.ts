import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { createTestWorkspace } from '../support/app';
import { addSyncedMailbox, message, readFromDovecot } from '../support/mail-sync';
import { startSyncChild, syncEnv } from '../support/sync-process';
import { createTestDbLocation, testDbSettings, type TestDbLocation } from '../support/test-db';
import { registerTwoWorkerTests } from '../support/two-workers';
import { bundled } from '../support/server-process';

// Sync processes killed with SIGKILL: what they committed stays, nothing is stored twice, and the
// next process carries on from the committed cursor: at once on the embedded database, one
// renewal period later on PostgreSQL.

const MESSAGES = 1000;
let dovecot: Dovecot;
let location: TestDbLocation;
let workspaceId: number;
let mailboxId: number;

beforeAll(async () => {
  dovecot = await startDovecot();
  location = await createTestDbLocation();
  const db = await openDatabase(location.options);
  const ws = await createTestWorkspace(db, { domain: 'killed.example' });
  workspaceId = ws.workspaceId;
  const email = 'support@killed.example';
  await dovecot.addUser(email);
  const inbox = Array.from({ length: MESSAGES }, (_, i) =>
    message({
      from: `Customer ${i} <c${i}@customer.example>`,
      to: email,
      date: new Date(Date.UTC(2026, 1, 2, 0, i)).toISOString(),
    }),
  );
  await dovecot.append(email, 'INBOX', inbox);
  await readFromDovecot(db, workspaceId, dovecot);
  mailboxId = await addSyncedMailbox(db, workspaceId, email, '2026-02-01');
  await db.close();
}, 120_000);
afterAll(async () => {
  await location?.dispose();
  await dovecot?.close();
});

const env = (extra: Record<string, string> = {}) => syncEnv(location, workspaceId, extra);

/** Runs the sync child; `killAfter` committed batches it is killed with SIGKILL. */
const syncChild = (extra: Record<string, string>, killAfter?: number) =>
  startSyncChild(env(extra), killAfter).exited;

describe('a sync process killed mid-way', () => {
  it('loses and doubles nothing: the next process carries on from the committed cursor', async () => {
    const killed = await syncChild({}, 1);
    expect(killed.signal).toBe('SIGKILL');
    let db = await openDatabase(location.options);
    const [partial] = await db.query<{
      stored: number;
      cursor: { folders: Record<string, { lastUid: number }> };
    }>(
      `select (select count(*)::int from messages where workspace_id = $1) as stored, s.cursor
         from mailbox_sync s where s.workspace_id = $1 and s.mailbox_id = $2`,
      [workspaceId, mailboxId],
    );
    await db.close();
    expect(partial!.stored).toBeGreaterThan(0);
    expect(partial!.stored).toBeLessThan(MESSAGES);
    expect(partial!.cursor.folders.INBOX!.lastUid).toBe(partial!.stored);

    // Embedded, the data folder's lock proves the killed process gone: its lease is void when
    // the next process opens the folder, which resumes at once. On PostgreSQL the killed holder
    // stops renewing: its lease is taken over one renewal period later (here 60 s on the next
    // process's clock), long before the 120 s lease would end.
    const pglite = testDbSettings().kind === 'pglite';
    const resumed = await syncChild(pglite ? {} : { CLOCK_OFFSET_S: '60' });
    expect(resumed.code).toBe(0);
    expect(resumed.committed).toBeGreaterThan(0);

    db = await openDatabase(location.options);
    const [done] = await db.query<{
      stored: number;
      distinct_ids: number;
      cursor: { folders: Record<string, { lastUid: number }> };
      status: string;
    }>(
      `select count(*)::int as stored, count(distinct g.message_id_header)::int as distinct_ids,
              (select cursor from mailbox_sync where workspace_id = $1 and mailbox_id = $2),
              (select status from mailboxes where workspace_id = $1 and mailbox_id = $2)
         from messages g where g.workspace_id = $1 and g.mailbox_id = $2`,
      [workspaceId, mailboxId],
    );
    await db.close();
    expect(done).toEqual({
      stored: MESSAGES,
      distinct_ids: MESSAGES,
      cursor: {
        folders: {
          INBOX: {
            uidValidity: expect.any(String) as unknown,
            lastUid: MESSAGES,
            historyDone: true,
            // Checked for expunged messages: all of them are there.
            checked: { upTo: MESSAGES, present: MESSAGES },
          },
          // Every folder but Drafts: Sent and Archive are read, Junk and Trash looked into.
          ...Object.fromEntries(
            ['Archive', 'Junk', 'Sent', 'Trash'].map((path) => [
              path,
              expect.objectContaining({ historyDone: true }) as unknown,
            ]),
          ),
        },
      },
      status: 'working',
    });
  }, 180_000);

  it('a server started with another SECRETS_KEY stops, naming the variable', async () => {
    const child = spawn(process.execPath, bundled('main'), {
      env: env({ SECRETS_KEY: 'cd'.repeat(32), PORT: '0', SEED_DEMO: 'false' }),
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Mailpulse cannot start. Invalid SECRETS_KEY: it is not the key the stored mail credentials were sealed with',
    );
  }, 60_000);
});

// PGlite is one process per data folder: two processes on one database need PostgreSQL.
if (testDbSettings().kind === 'postgres') registerTwoWorkerTests();
