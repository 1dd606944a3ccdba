import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncBatch } from '../../../server/mail/connector';
import { HEADER_CAP_BYTES } from '../../../server/mail/header-caps';
import { batchRows } from '../../../server/mail/store-rows';
import type { SyncWorkerDeps } from '../../../server/mail/sync-worker';
import { syncDueMailboxes } from '../../../server/mail/sync-worker';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { leastCpuMs } from '../../support/cpu-time';
import { startGoogleStandin, type GoogleStandin } from '../../support/google-standin';
import { startGraphStandin, type GraphStandin } from '../../support/graph-standin';
import { virtualClock } from '../support/cloud-sync';
import { dovecotForFile } from '../support/dovecot-file';
import { addSyncedMailbox, imapMailbox, message, workerDeps } from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';
import { gmailConnector } from './google/gmail-fixtures';
import { graphConnector } from './microsoft/graph-fixtures';

// Hostile mail through each connector (issue 44, part 5): headers of 256 KiB are read in time
// linear in their length, stored cut to 8 KiB, counted in one log line per batch that names the
// mailbox and the headers, never their values, and the message's figures come out as they would
// without them.

const suite = setUpTestApp('hostilehead');
const dovecot = dovecotForFile();
let google: GoogleStandin;
let graph: GraphStandin;
const clock = virtualClock();

beforeAll(async () => {
  google = await startGoogleStandin({ now: clock.nowMs });
  graph = await startGraphStandin();
});
afterAll(async () => {
  await google?.close();
  await graph?.close();
});

const KIB_256 = 256 * 1024;
/** The bound on reading a header of 256 KiB. */
const BOUND_MS = 50;
/** The issue's: each `<` made the old expression read the rest of the value again. */
const HOSTILE = '<>('.repeat(KIB_256 / 3);
const CUSTOMER = 'carla@customer.example';
/** 256 KiB of two-byte characters after the words people read. */
const SUBJECT = `Where is my order? ${'é'.repeat(KIB_256 / 2)}`;
const REFERENCES = `<root@customer.example> ${'<'.repeat(KIB_256)} <parent@customer.example>`;

/** A sync by the worker that keeps the batches, the log lines and the figures current. */
function recording() {
  const batches: SyncBatch[] = [];
  const warnings: { detail: object; message: string }[] = [];
  const deps: Partial<SyncWorkerDeps> = {
    onBatch: (_mailbox, batch) => batches.push(batch),
    log: { warn: (detail, message) => warnings.push({ detail, message }) },
    onThreadsChanged: (tx, workspaceId, mailboxId, threads) =>
      refreshThreadFacts(tx, workspaceId, mailboxId, [...threads]),
  };
  return { batches, warnings, deps };
}

async function syncWith(workspaceId: number, email: string, deps: Partial<SyncWorkerDeps>) {
  const outcomes = await syncDueMailboxes(
    workerDeps(suite.db, deps),
    new AbortController().signal,
    { workspaceId, emails: [email] },
  );
  expect(outcomes.map((outcome) => outcome.ok)).toEqual([true]);
}

/** What is stored of the hostile message, and its figures. */
async function storedHostile(workspaceId: number, mailboxId: number) {
  const rows = await suite.db.query<Record<string, unknown>>(
    `select m.direction, m.from_address, m.to_addresses, m.subject, m.references_ids,
            octet_length(m.subject) as subject_bytes, f.is_counted, f.counterparts
       from messages m
       join stats_message_facts f using (workspace_id, mailbox_id, message_id)
      where m.workspace_id = $1 and m.mailbox_id = $2 and m.subject like 'Where is my order?%'`,
    [workspaceId, mailboxId],
  );
  expect(rows).toHaveLength(1);
  const { subject, ...row } = rows[0]!;
  expect(String(subject).startsWith('Where is my order? éé')).toBe(true);
  return row;
}

/** The batch's message normalised as the store does it, alone: under the 50 ms. */
function expectParsedInTime(batches: SyncBatch[], email: string) {
  const messages = batches.flatMap((batch) => batch.messages);
  expect(messages.length).toBeGreaterThan(0);
  expect(leastCpuMs(() => batchRows(messages, email), BOUND_MS)).toBeLessThan(BOUND_MS);
}

/**
 * The hostile message as stored: as it would be without the hostile values, its subject cut
 * on a whole character (`é` is two bytes), and counted as a customer's request.
 */
const asWithout = (email: string) => ({
  direction: 'inbound',
  from_address: CUSTOMER,
  to_addresses: [email],
  references_ids: ['<root@customer.example>', '<parent@customer.example>'],
  subject_bytes: HEADER_CAP_BYTES - 1,
  is_counted: true,
  counterparts: [CUSTOMER],
});

/** A mailbox due for sync in a new workspace, read from a stand-in by the test's connector. */
async function cloudMailbox() {
  const ws = await suite.workspace();
  const email = `support@${ws.domain}`;
  const mailboxId = await addSyncedMailbox(suite.db, ws.workspaceId, email);
  return { ws, email, mailboxId };
}

function expectOneLine(warnings: { detail: object; message: string }[], detail: object) {
  expect(warnings).toEqual([
    { detail, message: 'mail sync: header values over 8 KiB cut before storing' },
  ]);
  expect(JSON.stringify(warnings)).not.toMatch(/<>\(|éé|customer\.example>/);
}

describe('hostile headers of 256 KiB', () => {
  it('through Gmail: stored cut to 8 KiB, counted, and the message counted as a request', async () => {
    const { ws, email, mailboxId } = await cloudMailbox();
    google.addMailbox(email).add({
      at: new Date(),
      labelIds: ['INBOX'],
      headers: {
        From: `Carla <${CUSTOMER}>`,
        To: `${email}, ${HOSTILE}`,
        Subject: SUBJECT,
        'Message-ID': '<hostile.gmail@customer.example>',
        References: REFERENCES,
      },
    });
    const { batches, warnings, deps } = recording();
    await syncWith(ws.workspaceId, email, {
      ...deps,
      connectorFor: () => Promise.resolve(gmailConnector(google, clock)),
    });
    expectParsedInTime(batches, email);
    expect(await storedHostile(ws.workspaceId, mailboxId)).toEqual(asWithout(email));
    const detail = { mailbox: email, workspaceId: ws.workspaceId };
    expectOneLine(warnings, { ...detail, headers: { To: 1, Subject: 1, References: 1 } });
  });

  it('through Microsoft Graph: a display name of 256 KiB keeps its address', async () => {
    const { ws, email, mailboxId } = await cloudMailbox();
    graph.addMailbox(email).add('inbox', {
      received: new Date(),
      from: { name: HOSTILE, address: CUSTOMER },
      to: [{ name: '', address: email }],
      subject: SUBJECT,
      internetMessageId: '<hostile.graph@customer.example>',
      headers: { References: REFERENCES, 'Reply-To': HOSTILE },
    });
    const { batches, warnings, deps } = recording();
    await syncWith(ws.workspaceId, email, {
      ...deps,
      connectorFor: () => Promise.resolve(graphConnector(graph)),
    });
    expectParsedInTime(batches, email);
    expect(await storedHostile(ws.workspaceId, mailboxId)).toEqual(asWithout(email));
    const [name] = await suite.db.query<{ bytes: number }>(
      `select octet_length(from_name) as bytes from messages where workspace_id = $1`,
      [ws.workspaceId],
    );
    expect(name?.bytes).toBeGreaterThan(4000);
    expect(name?.bytes).toBeLessThanOrEqual(HEADER_CAP_BYTES);
    const headers = { From: 1, Subject: 1, References: 1, 'Reply-To': 1 };
    expectOneLine(warnings, { mailbox: email, workspaceId: ws.workspaceId, headers });
  });

  it('through IMAP (Dovecot): stored cut to 8 KiB, counted, and the message counted as a request', async () => {
    const box = await imapMailbox(suite, dovecot);
    const hostile = message({
      from: `Carla <${CUSTOMER}>`,
      to: `${box.email}, ${HOSTILE}`,
      subject: SUBJECT,
      references: REFERENCES,
      date: '2026-02-10T09:00:00Z',
    });
    await dovecot.append(box.email, 'INBOX', [hostile]);
    const { batches, warnings, deps } = recording();
    await box.sync(deps);
    expectParsedInTime(batches, box.email);
    expect(await storedHostile(box.ws.workspaceId, box.mailboxId)).toEqual(asWithout(box.email));
    const headers = { To: 1, Subject: 1, References: 1 };
    expectOneLine(warnings, { mailbox: box.email, workspaceId: box.ws.workspaceId, headers });
  });

  it('through Gmail: an id or an address too long to index is left out, and the sync goes on', async () => {
    const { ws, email, mailboxId } = await cloudMailbox();
    // Random, so that PostgreSQL cannot compress it under an index entry's 2,704 bytes.
    const long = randomBytes(2400).toString('base64url');
    google.addMailbox(email).add({
      at: new Date(),
      labelIds: ['INBOX'],
      headers: {
        From: `Carla <${long}@customer.example>`,
        To: email,
        Subject: 'Where is my order?',
        'Message-ID': `<${long}@customer.example>`,
        'In-Reply-To': `<${long}@acme.example>`,
      },
    });
    const { deps } = recording();
    await syncWith(ws.workspaceId, email, {
      ...deps,
      connectorFor: () => Promise.resolve(gmailConnector(google, clock)),
    });
    const rows = await suite.db.query<Record<string, unknown>>(
      `select m.from_address, m.message_id_header, m.in_reply_to, f.is_counted
         from messages m join stats_message_facts f using (workspace_id, mailbox_id, message_id)
        where m.workspace_id = $1 and m.mailbox_id = $2`,
      [ws.workspaceId, mailboxId],
    );
    expect(rows).toEqual([
      { from_address: '', message_id_header: null, in_reply_to: null, is_counted: true },
    ]);
  });
});
