import { describe, expect, it } from 'vitest';
import { MailProviderError } from '../../../../server/mail/connector';
import { GOOGLE_FAILURES } from '../../../../server/mail/google/failures';
import {
  DAY_MS,
  leasedMailbox,
  storedMessages,
  syncAndStore,
  syncState,
} from '../../support/cloud-sync';
import {
  DATA_FROM,
  filledMailbox,
  FROM_MS,
  gmailConnector,
  listCalls,
  setUpGmailTest,
} from './gmail-fixtures';

// The Gmail connector's first sync against the stand-in, on a clock shared with it: all mail but
// drafts, chats, spam and trash; listings whose order Gmail does not promise; one batch in flight
// per mailbox; the per-user quota paced, Retry-After and backoffs honoured.

const { suite, clock, google, connector } = setUpGmailTest('gmail');

describe('Google connector: first sync', () => {
  it('stores all mail of the range, archived too, and no drafts, chats, spam or trash', async () => {
    const { mailbox, expected, ids } = await filledMailbox(
      suite,
      google(),
      1400,
      [6, 2, 3, 1, 1, 1, 1],
    );
    const run = await syncAndStore(suite.db, connector(), mailbox);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected);
    expect(run.inserted).toBe(expected);
    expect(stored.every((m) => Date.parse(m.sent_at) >= FROM_MS)).toBe(true);
    const kinds = new Set(stored.map((m) => m.subject.split(' ')[0]));
    expect([...kinds].sort()).toEqual(['archived', 'inbox', 'sent']);
    const lists = listCalls(google(), mailbox.target.email);
    expect(lists.every((call) => !call.query.has('labelIds') && !call.query.has('q'))).toBe(true);
    expect(lists.every((call) => call.query.get('includeSpamTrash') === 'false')).toBe(true);
    const sent = stored.filter((m) => m.labels.includes('SENT'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.direction === 'outbound')).toBe(true);
    const archived = stored.find((m) => m.provider_id === ids.archived.at(-1));
    expect(archived).toMatchObject({ direction: 'inbound', labels: ['IMPORTANT'] });
    expect(await syncState(suite.db, mailbox)).toMatchObject({
      history_loaded: true,
      status: 'working',
    });
  });

  it('lists on past a page with older mail in it, and stops after a page wholly older', async () => {
    // 1,500 messages over twelve days, 750 in range: pages of 500 newest first. One customer
    // message imported today keeps its internalDate of two weeks ago, so the first page already
    // holds a message older than data_from while the second still holds mail of the range.
    const { mailbox, gmail, expected } = await filledMailbox(suite, google(), 1500);
    gmail.add({
      at: new Date(Date.now() - 14 * DAY_MS),
      arrived: new Date(),
      labelIds: ['INBOX'],
      headers: { From: 'old@client.example', Subject: 'imported' },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    // Page 1: new mail and the import; page 2: the rest of the range and older; page 3: older
    // only, so the listing ends there, without the fourth.
    expect(listCalls(google(), mailbox.target.email)).toHaveLength(3);
  });

  it('has one batch of at most fifty calls in flight, and Google refuses none of them', async () => {
    const { mailbox, expected } = await filledMailbox(suite, google(), 1000);
    google().concurrency.peak = 0;
    const before = google().server.calls.length;
    await syncAndStore(suite.db, connector(), mailbox);
    const calls = google().server.calls.slice(before);
    const gets = calls.filter((call) => call.path.includes(`${mailbox.target.email}/messages/`));
    expect(gets.length).toBeGreaterThanOrEqual(expected);
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
    expect(google().concurrency.peak).toBeLessThanOrEqual(50);
    expect(gets[0]?.query.get('format')).toBe('metadata');
    expect(gets[0]?.query.getAll('metadataHeaders')).toEqual([
      'From',
      'To',
      'Cc',
      'Bcc',
      'Subject',
      'Message-ID',
      'In-Reply-To',
      'References',
      'Auto-Submitted',
      'Precedence',
      'List-Id',
      'Content-Type',
      'List-Unsubscribe',
      'X-Original-From',
      'Return-Path',
      'X-Autoreply',
      'X-Autorespond',
      'X-Autoresponder',
      'Reply-To',
    ]);
  });

  it('paces a load of over 15,000 units under the per-user quota of 15,000 a minute', async () => {
    // 6,000 messages over twelve days, 3,000 to 3,500 in range: every page holding mail of the
    // range is read, and one wholly older page after them, 500 gets (5 units) and a list (5)
    // each, with the profile and the labels (1 each). Paced at 92% of the quota with 3% at
    // once, that takes about 1.05 times as long as the quota's own floor.
    const { mailbox, expected } = await filledMailbox(suite, google(), 6000);
    const email = mailbox.target.email;
    const started = clock.nowMs();
    await syncAndStore(suite.db, connector(), mailbox);
    const elapsedS = (clock.nowMs() - started) / 1000;
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(google().quota.refused.get(email) ?? 0).toBe(0);
    const pages = Math.ceil(expected / 500) + 1;
    expect(listCalls(google(), email)).toHaveLength(pages);
    const units = pages * (500 * 5 + 5) + 2;
    expect(units).toBeGreaterThan(15_000);
    const floorS = (units / 15_000) * 60;
    expect(elapsedS).toBeGreaterThan(floorS);
    expect(elapsedS).toBeLessThan(floorS * 1.1);
  });

  it('reads the next page while the worker stores the last one', async () => {
    const { mailbox } = await filledMailbox(suite, google(), 1200);
    const email = mailbox.target.email;
    const batches = connector()
      .sync(mailbox.target, null, new AbortController().signal)
      [Symbol.asyncIterator]();
    const first = await batches.next();
    expect(first.done ? [] : first.value.messages).toHaveLength(500);
    // The worker would store the first page now, and not ask for the next batch until then:
    // only a read ahead lists the second page meanwhile. Waited for with a bound.
    const listedSecond = () => listCalls(google(), email).some((c) => c.query.has('pageToken'));
    const deadline = Date.now() + 10_000;
    while (!listedSecond() && Date.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(listedSecond()).toBe(true);
    await batches.return?.();
  });

  it('resumes where a stopped sync left off, storing every message once', async () => {
    const { mailbox, expected } = await filledMailbox(suite, google(), 1200);
    expect((await syncAndStore(suite.db, connector(), mailbox, 1)).inserted).toBe(500);
    // The stopped sync's read ahead may still hold its batch at Gmail, or have sent one Gmail has
    // not read yet; a sync that resumes later finds it ended. On this test's clock the retries
    // after a 429 would take no time, so the test waits for the stand-in to settle (bounded).
    const email = mailbox.target.email;
    await google().server.settle();
    expect(google().concurrency.running(email)).toBe(0);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    const firstPages = listCalls(google(), email).filter((call) => !call.query.has('pageToken'));
    expect(firstPages).toHaveLength(1);
  });

  it('lists the whole mailbox again after a sync that read INBOX and SENT only', async () => {
    const { mailbox, gmail, expected } = await filledMailbox(
      suite,
      google(),
      60,
      [1, 1, 1, 0, 0, 0, 0],
    );
    const profile = gmail.profile().body as { historyId: string };
    // The cursor an earlier version left: a history id, no version.
    await suite.db.query(
      `update mailbox_sync set cursor = $3::jsonb where workspace_id = $1 and mailbox_id = $2`,
      [
        mailbox.store.workspaceId,
        mailbox.store.mailboxId,
        { historyId: profile.historyId, count: 0, total: 0 },
      ],
    );
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(listCalls(google(), mailbox.target.email)).toHaveLength(1);
  });
});

describe('Google connector: throttling and failures', () => {
  it('sends again only the parts of a batch Google asked to retry, after their Retry-After', async () => {
    const { mailbox, expected } = await filledMailbox(suite, google(), 30);
    google().failNext({ status: 429, retryAfter: 3, path: /\/messages\/[^/]+$/ });
    const before = google().server.calls.length;
    const waits = clock.waits.length;
    await syncAndStore(suite.db, connector(), mailbox);
    expect(clock.waits.slice(waits)).toEqual([3000]);
    const parts = google()
      .server.calls.slice(before)
      .filter((call) => /\/messages\/.+/.test(call.path));
    // All thirty are listed (the older ones are dropped after): one refused, then thirty read.
    expect(parts.map((call) => call.status)).toEqual([429, ...Array<number>(30).fill(200)]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });

  it('waits as long as a 429 Retry-After asks, then goes on', async () => {
    const { mailbox, expected } = await filledMailbox(suite, google(), 5);
    google().failNext({ status: 429, retryAfter: 7 });
    const waits = clock.waits.length;
    await syncAndStore(suite.db, connector(), mailbox);
    expect(clock.waits.slice(waits)).toEqual([7000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });

  it('retries a 5xx with a growing backoff, and gives up after a bounded number of tries', async () => {
    const { mailbox, expected } = await filledMailbox(suite, google(), 5);
    google().failNext({ status: 503 }, 2);
    let waits = clock.waits.length;
    await syncAndStore(suite.db, connector(), mailbox);
    expect(clock.waits.slice(waits)).toEqual([1000, 2000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);

    const down = await filledMailbox(suite, google(), 5);
    google().failNext({ status: 500 }, 6);
    waits = clock.waits.length;
    const error: unknown = await syncAndStore(suite.db, connector(), down.mailbox).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MailProviderError);
    expect(error).toMatchObject({ transient: true });
    expect(clock.waits.slice(waits)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('backs off with jitter on a 403 userRateLimitExceeded', async () => {
    const { mailbox, expected } = await filledMailbox(suite, google(), 5);
    google().failNext({ status: 403 });
    const waits = clock.waits.length;
    await syncAndStore(
      suite.db,
      gmailConnector(google(), { ...clock, random: () => 0.2 }),
      mailbox,
    );
    // 1 s, of which between half and all: 0.5 + 0.5 × 0.2.
    expect(clock.waits.slice(waits)).toEqual([600]);
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
