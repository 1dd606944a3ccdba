import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../server/db/open';
import { startGoogleStandin, type GoogleStandin } from '../../../support/google-standin';
import type { GmailMailbox } from '../../../support/google-standin-mail';
import { createTestWorkspace } from '../../support/app';
import { addSyncedMailbox, readFromGoogle } from '../../support/mail-sync';
import { startSyncChild, syncEnv, type SyncExit } from '../../support/sync-process';
import { createTestDbLocation, type TestDbLocation } from '../../support/test-db';

// A Google Workspace sync process killed with SIGKILL at several points (after a committed
// page, in the middle of a page's metadata fetches, at the listing's last page, in the middle of
// history.list): every message is stored exactly once, and the stored cursor always says exactly
// what is stored, so the next process carries on from it. The quota is raised on both sides
// (GMAIL_QUOTA_PER_MINUTE and the stand-in's), so the processes need not pace themselves.

const QUOTA = 1_000_000;

const EMAIL = 'support@gkilled.example';
const INBOX = 1200;
const SENT = 300;
const LATER = 700;
let google: GoogleStandin;
let gmail: GmailMailbox;
let location: TestDbLocation;
let workspaceId: number;
let mailboxId: number;
let added = 0;

function addMail(count: number, label: 'INBOX' | 'SENT') {
  for (let i = 0; i < count; i += 1) {
    added += 1;
    gmail.add({
      at: new Date(Date.UTC(2026, 1, 2) + added * 60_000),
      labelIds: [label],
      headers: {
        From: label === 'SENT' ? EMAIL : `Customer ${added} <c${added}@customer.example>`,
        To: label === 'SENT' ? `c${added}@customer.example` : EMAIL,
        Subject: `Message ${added}`,
        'Message-ID': `<m${added}@gkilled.example>`,
      },
    });
  }
}

beforeAll(async () => {
  google = await startGoogleStandin();
  google.quota.perMinute = QUOTA;
  gmail = google.addMailbox(EMAIL);
  addMail(INBOX, 'INBOX');
  addMail(SENT, 'SENT');
  location = await createTestDbLocation();
  const db = await openDatabase(location.options);
  const ws = await createTestWorkspace(db, { domain: 'gkilled.example' });
  workspaceId = ws.workspaceId;
  await readFromGoogle(db, workspaceId, google);
  mailboxId = await addSyncedMailbox(db, workspaceId, EMAIL, '2026-02-01');
  await db.close();
}, 120_000);
afterAll(async () => {
  await location?.dispose();
  await google?.close();
});

// Each process's clock is ten minutes past the last one's, so the lease (120 s) a killed one
// left has expired and the next run (SYNC_INTERVAL_S, 300 s) is due.
let run = 0;
function child(killAfter?: number) {
  run += 1;
  const env = syncEnv(location, workspaceId, {
    CLOCK_OFFSET_S: String(run * 600),
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GMAIL_API_URL: google.apiBaseUrl,
    GMAIL_QUOTA_PER_MINUTE: String(QUOTA),
  });
  return startSyncChild(env, killAfter);
}

/** A process killed once it has asked Gmail for the third time for messages' metadata. */
function killedMidPage(): Promise<SyncExit> {
  const process = child();
  let metadataCalls = 0;
  const stop = google.server.onCall((call) => {
    if (!/\/messages\/[^/]+$|^\/batch\//.test(call.path)) return;
    metadataCalls += 1;
    if (metadataCalls === 3) process.kill();
  });
  return process.exited.finally(stop);
}

interface GoogleCursor {
  version: number;
  historyId: string;
  count: number;
  listing?: { pageToken: string | null };
}

async function stored() {
  const db = await openDatabase(location.options);
  try {
    const [row] = await db.query<{
      stored: number;
      distinct_ids: number;
      cursor: GoogleCursor | null;
      status: string;
    }>(
      `select (select count(*)::int from messages g
                where g.workspace_id = $1 and g.mailbox_id = $2) as stored,
              (select count(distinct g.message_id_header)::int from messages g
                where g.workspace_id = $1 and g.mailbox_id = $2) as distinct_ids,
              s.cursor, m.status
         from mailbox_sync s join mailboxes m using (workspace_id, mailbox_id)
        where s.workspace_id = $1 and s.mailbox_id = $2`,
      [workspaceId, mailboxId],
    );
    return row!;
  } finally {
    await db.close();
  }
}

const profileHistoryId = () => (gmail.profile().body as { historyId: string }).historyId;

describe('a Google sync process killed mid-way', () => {
  it('loses and doubles nothing, and its cursor always matches what is stored', async () => {
    // Killed right after its first page (500 INBOX messages) is committed.
    expect((await child(1).exited).signal).toBe('SIGKILL');
    const first = await stored();
    expect(first.stored).toBeGreaterThan(0);
    expect(first.stored).toBeLessThan(INBOX + SENT);
    expect(first.distinct_ids).toBe(first.stored);
    expect(first.cursor?.count).toBe(first.stored);
    expect(typeof first.cursor?.listing?.pageToken).toBe('string');
    expect(first.status).toBe('loading_data');

    // Killed while fetching the next page's metadata: nothing of that page is stored.
    expect((await killedMidPage()).signal).toBe('SIGKILL');
    expect(await stored()).toEqual(first);

    // Killed after two more pages: the listing's last two.
    const third = await child(2).exited;
    expect(third.signal).toBe('SIGKILL');
    const later = await stored();
    expect(later.stored).toBeGreaterThan(first.stored);
    expect(later.distinct_ids).toBe(later.stored);
    expect(later.cursor?.count).toBe(later.stored);

    // The next process finishes the history; its cursor is the history id taken at the start.
    expect((await child().exited).code).toBe(0);
    expect(await stored()).toEqual({
      stored: INBOX + SENT,
      distinct_ids: INBOX + SENT,
      cursor: {
        version: 2,
        historyId: first.cursor?.historyId,
        count: INBOX + SENT,
        total: INBOX + SENT,
      },
      status: 'working',
    });
    expect(first.cursor?.historyId).toBe(profileHistoryId());
  }, 240_000);

  it('a process killed in the middle of history.list leaves a cursor the next one goes on from', async () => {
    addMail(LATER, 'INBOX');
    // history.list pages hold 500 records: killed after the first is committed.
    expect((await child(1).exited).signal).toBe('SIGKILL');
    const partial = await stored();
    expect(partial.stored).toBe(INBOX + SENT + 500);
    expect(partial.distinct_ids).toBe(partial.stored);
    expect(partial.cursor?.count).toBe(partial.stored);
    expect(partial.cursor?.listing).toBeUndefined();
    expect(Number(partial.cursor?.historyId)).toBeLessThan(Number(profileHistoryId()));

    expect((await child().exited).code).toBe(0);
    const total = INBOX + SENT + LATER;
    expect(await stored()).toEqual({
      stored: total,
      distinct_ids: total,
      cursor: { version: 2, historyId: profileHistoryId(), count: total, total: INBOX + SENT },
      status: 'working',
    });
  }, 240_000);
});
