import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailProviderError } from '../../../../server/mail/connector';
import { createGoogleConnector } from '../../../../server/mail/google/connector';
import { GOOGLE_FAILURES } from '../../../../server/mail/google/failures';
import { startGoogleStandin, type GoogleStandin } from '../../../support/google-standin';
import type { GmailMailbox } from '../../../support/google-standin-mail';
import {
  DAY_MS,
  leasedMailbox,
  recordingSleep,
  storedCursor,
  storedMessages,
  syncAndStore,
  syncState,
  type SyncedMailbox,
} from '../../support/cloud-sync';
import { setUpTestApp } from '../../support/suite';

const suite = setUpTestApp('gmail');
let google: GoogleStandin;

beforeAll(async () => {
  google = await startGoogleStandin();
});
afterAll(() => google.close());

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** data_from six days back: the mail below reaches twelve days back. */
const DATA_FROM = isoDay(Date.now() - 6 * DAY_MS);
const FROM_MS = Date.parse(`${DATA_FROM}T00:00:00Z`);

function connector(sleep = recordingSleep().sleep, now?: () => Date) {
  return createGoogleConnector(
    { serviceAccount: google.serviceAccount },
    { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl },
    { sleep, ...(now ? { now } : {}) },
  );
}

/** `inbox` customer messages and `sent` replies spread evenly over the last twelve days. */
function fill(mailbox: GmailMailbox, inbox: number, sent: number): number {
  const span = 12 * DAY_MS;
  const add = (i: number, count: number, label: string) => {
    const at = new Date(Date.now() - span + ((i + 0.5) * span) / count);
    const customer = `customer${i % 17}@client.example`;
    const outbound = label === 'SENT';
    mailbox.add({
      at,
      labelIds: [label, ...(outbound ? [] : ['UNREAD'])],
      threadId: `thread-${i % 40}`,
      headers: {
        From: outbound ? mailbox.email : `Customer ${i} <${customer}>`,
        To: outbound ? customer : mailbox.email,
        Subject: `${label} ${i}`,
        'Message-ID': `<${label}-${i}@client.example>`,
        'X-Not-Asked': 'never stored',
      },
    });
    return at.getTime() >= FROM_MS ? 1 : 0;
  };
  let inRange = 0;
  for (let i = 0; i < inbox; i += 1) inRange += add(i, inbox, 'INBOX');
  for (let i = 0; i < sent; i += 1) inRange += add(i, sent, 'SENT');
  return inRange;
}

let seq = 0;
async function filledMailbox(inbox: number, sent: number) {
  seq += 1;
  const mailbox = await leasedMailbox(suite, `desk${seq}`, DATA_FROM);
  const gmail = google.addMailbox(mailbox.target.email);
  return { mailbox, gmail, expected: fill(gmail, inbox, sent) };
}

const listCalls = (mailbox: SyncedMailbox, label: string) =>
  google.server.calls.filter(
    (call) =>
      call.path === `/gmail/v1/users/${mailbox.target.email}/messages` &&
      call.query.get('labelIds') === label,
  );

describe('Google connector: first sync', () => {
  it('lists INBOX and SENT newest first, stopping at data_from, and stores each page', async () => {
    const { mailbox, expected } = await filledMailbox(1200, 150);
    const run = await syncAndStore(suite.db, connector(), mailbox);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected);
    expect(run.inserted).toBe(expected);
    expect(stored.every((m) => Date.parse(m.sent_at) >= FROM_MS)).toBe(true);
    // About 600 of 1200 INBOX messages are recent: two pages of 500, never the third.
    expect(listCalls(mailbox, 'INBOX').map((call) => call.query.get('maxResults'))).toEqual([
      '500',
      '500',
    ]);
    expect(listCalls(mailbox, 'SENT')).toHaveLength(1);
    expect(google.server.calls.some((call) => call.query.has('q'))).toBe(false);
    const sent = stored.filter((m) => m.labels.includes('SENT'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.direction === 'outbound')).toBe(true);
    expect(stored.find((m) => m.subject === 'INBOX 1199')).toMatchObject({
      direction: 'inbound',
      thread_key: 'thread-39',
      labels: ['INBOX', 'UNREAD'],
      from_address: 'customer9@client.example',
    });
    expect(await syncState(suite.db, mailbox)).toMatchObject({
      history_loaded: true,
      status: 'working',
    });
  });

  it('reads message metadata through batch calls of at most fifty messages', async () => {
    const { mailbox } = await filledMailbox(60, 0);
    const before = google.server.calls.length;
    await syncAndStore(suite.db, connector(), mailbox);
    const calls = google.server.calls.slice(before);
    const batches = calls.filter((call) => call.path === '/batch/gmail/v1');
    // Each part is logged as the call it holds.
    const gets = calls.filter((call) => call.path.includes(`${mailbox.target.email}/messages/`));
    expect(batches.map((call) => call.status)).toEqual([200, 200]);
    expect(gets).toHaveLength(60);
    expect(gets.every((call) => call.method === 'GET' && call.status === 200)).toBe(true);
    expect(gets[0]?.query.get('format')).toBe('metadata');
    expect(gets[0]?.query.getAll('metadataHeaders')).toEqual([
      'From',
      'To',
      'Cc',
      'Subject',
      'Message-ID',
      'In-Reply-To',
      'References',
      'Auto-Submitted',
      'Precedence',
      'List-Id',
    ]);
  });

  it('sends again only the parts of a batch Google asked to retry, after their Retry-After', async () => {
    const { mailbox, expected } = await filledMailbox(30, 0);
    const { waits, sleep } = recordingSleep();
    google.failNext({ status: 429, retryAfter: 3, path: /\/messages\/[^/]+$/ });
    const before = google.server.calls.length;
    await syncAndStore(suite.db, connector(sleep), mailbox);
    expect(waits).toEqual([3000]);
    const parts = google.server.calls
      .slice(before)
      .filter((call) => /\/messages\/.+/.test(call.path));
    // All thirty are listed (the older ones are dropped after): one refused, then thirty read.
    expect(parts.map((call) => call.status)).toEqual([429, ...Array<number>(30).fill(200)]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });

  it('resumes where a stopped sync left off, storing every message once', async () => {
    const { mailbox, expected } = await filledMailbox(1200, 20);
    expect((await syncAndStore(suite.db, connector(), mailbox, 1)).inserted).toBe(500);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    const firstPages = listCalls(mailbox, 'INBOX').filter((call) => !call.query.has('pageToken'));
    expect(firstPages).toHaveLength(1);
  });
});

describe('Google connector: later syncs', () => {
  it('reads only the history since the stored historyId', async () => {
    const { mailbox, gmail, expected } = await filledMailbox(30, 10);
    await syncAndStore(suite.db, connector(), mailbox);
    const callsBefore = google.server.calls.length;
    const now = new Date();
    gmail.add({
      at: now,
      labelIds: ['INBOX'],
      headers: { From: 'new@client.example', Subject: 'New' },
    });
    gmail.add({ at: now, labelIds: ['SENT'], headers: { From: gmail.email, Subject: 'Answer' } });
    gmail.add({ at: now, labelIds: ['DRAFT'], headers: { Subject: 'Draft' } });
    gmail.add({ at: new Date(FROM_MS - DAY_MS), labelIds: ['INBOX'], headers: { Subject: 'Old' } });
    const inInbox = (await storedMessages(suite.db, mailbox)).filter((m) =>
      m.labels.includes('INBOX'),
    );
    const archived = inInbox.at(-1)?.provider_id ?? '';
    gmail.relabel(archived, { remove: ['INBOX'], add: ['TRASH'] });
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(2);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 2);
    expect(stored.find((m) => m.provider_id === archived)?.labels).toEqual(['UNREAD', 'TRASH']);
    const later = google.server.calls.slice(callsBefore);
    expect(later.some((call) => call.path.endsWith('/history'))).toBe(true);
    expect(later.some((call) => call.path.endsWith('/messages'))).toBe(false);
    const profile = gmail.profile().body as { historyId: string };
    expect(await storedCursor(suite.db, mailbox)).toMatchObject({ historyId: profile.historyId });
  });

  it('reads the mailbox in full again when the history expired, storing nothing twice', async () => {
    const { mailbox, gmail, expected } = await filledMailbox(40, 10);
    await syncAndStore(suite.db, connector(), mailbox);
    gmail.add({ at: new Date(), labelIds: ['INBOX'], headers: { Subject: 'While away' } });
    gmail.expireHistory();
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(1);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 1);
    expect(new Set(stored.map((m) => m.provider_id)).size).toBe(stored.length);
    expect(listCalls(mailbox, 'INBOX')).toHaveLength(2);
    expect(await syncState(suite.db, mailbox)).toMatchObject({ status: 'working' });
  });
});

describe('Google connector: throttling and failures', () => {
  it('waits as long as a 429 Retry-After asks, then goes on', async () => {
    const { mailbox, expected } = await filledMailbox(5, 0);
    const { waits, sleep } = recordingSleep();
    google.failNext({ status: 429, retryAfter: 7 });
    await syncAndStore(suite.db, connector(sleep), mailbox);
    expect(waits).toEqual([7000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });

  it('retries a 5xx with a growing backoff, and gives up after a bounded number of tries', async () => {
    const { mailbox, expected } = await filledMailbox(5, 0);
    const first = recordingSleep();
    google.failNext({ status: 503 }, 2);
    await syncAndStore(suite.db, connector(first.sleep), mailbox);
    expect(first.waits).toEqual([1000, 2000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);

    const second = recordingSleep();
    const down = await filledMailbox(5, 0);
    google.failNext({ status: 500 }, 6);
    const error: unknown = await syncAndStore(
      suite.db,
      connector(second.sleep),
      down.mailbox,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailProviderError);
    expect(error).toMatchObject({ transient: true });
    expect(second.waits).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('backs off on a 403 userRateLimitExceeded as on a 429 without Retry-After', async () => {
    const { mailbox, expected } = await filledMailbox(5, 0);
    const { waits, sleep } = recordingSleep();
    google.failNext({ status: 403 });
    await syncAndStore(suite.db, connector(sleep), mailbox);
    expect(waits).toEqual([1000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });

  it('ends a sync of a mailbox Google does not know with the sentence, not to be retried', async () => {
    const unknown = await leasedMailbox(suite, 'gone', DATA_FROM);
    const error: unknown = await syncAndStore(suite.db, connector(), unknown).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MailProviderError);
    expect(error).toMatchObject({ message: GOOGLE_FAILURES.unknownMailbox, transient: false });
  });
});
