import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphStandin, type GraphStandin } from '../../../support/graph-standin';
import { recordingSleep, storedMessages, syncAndStore, syncState } from '../../support/cloud-sync';
import { setUpTestApp } from '../../support/suite';
import {
  DATA_FROM,
  fill,
  folderCalls,
  FROM_MS,
  graphConnector,
  graphMailbox,
} from './graph-fixtures';

// The Microsoft connector's first sync against the Graph stand-in: every folder but Deleted
// Items, Junk Email, Drafts, Outbox, Sync Issues and Conversation History; a folder past the 5,000 messages a filtered
// delta returns; immutable ids; throttling.

const suite = setUpTestApp('graph');
let graph: GraphStandin;

beforeAll(async () => {
  graph = await startGraphStandin();
});
afterAll(() => graph.close());

const connector = (sleep?: (ms: number) => Promise<void>) => graphConnector(graph, sleep);

describe('Microsoft connector: first sync', () => {
  it('reads every folder and child folder but deleted items, junk, drafts, outbox, sync issues and IM history', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    box.createFolder('Customers/Acme');
    box.createFolder('Inbox/VIP');
    const read = ['inbox', 'sentitems', 'archive', 'Customers/Acme', 'Inbox/VIP'];
    // Conversation History: Skype for Business's saved instant messages, items but not mail.
    const left = [
      'deleteditems',
      'junkemail',
      'drafts',
      'outbox',
      'conflicts',
      'conversationhistory',
    ];
    let expected = 0;
    for (const folder of read) expected += fill(box, folder, 40).inRange;
    for (const folder of left) fill(box, folder, 10);
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(expected);
    const stored = await storedMessages(suite.db, mailbox);
    expect(new Set(stored.map((m) => m.folder))).toEqual(
      new Set(['Inbox', 'Sent Items', 'Archive', 'Customers/Acme', 'Inbox/VIP']),
    );
    expect(stored.every((m) => Date.parse(m.sent_at) >= FROM_MS - 60_000)).toBe(true);
    const sent = stored.filter((m) => m.folder === 'Sent Items');
    expect(sent.every((m) => m.direction === 'outbound')).toBe(true);
    const received = stored.filter((m) => m.folder !== 'Sent Items');
    expect(received.every((m) => m.direction === 'inbound')).toBe(true);
    // Immutable ids: the ones that survive a move.
    expect(stored.every((m) => m.provider_id.startsWith('AAkAL'))).toBe(true);
    expect(await syncState(suite.db, mailbox)).toMatchObject({
      history_loaded: true,
      status: 'working',
    });
  });

  it('loads a folder of 5,600 messages in range whole, past the 5,000 a filtered delta returns', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    // All within the last five days: every one is in range.
    for (let i = 0; i < 5600; i += 1) {
      box.add('archive', {
        received: new Date(Date.now() - ((i + 1) * 5 * 86_400_000) / 5600),
        from: { address: `c${i % 50}@client.example` },
        subject: `Archived ${i}`,
        internetMessageId: `<a${i}@${box.email}>`,
      });
    }
    // What the connector yields, not stored: storing 5,600 rows would only test the store.
    const ids = new Set<string>();
    let loaded = false;
    for await (const batch of connector().sync(
      mailbox.target,
      null,
      new AbortController().signal,
    )) {
      for (const message of batch.messages) ids.add(message.providerId);
      loaded = batch.historyLoaded;
    }
    expect(ids.size).toBe(5600);
    expect(loaded).toBe(true);
    const archive = box.folders.find('archive')!.id;
    const deltaItems = folderCalls(graph, mailbox, archive).filter((c) =>
      c.path.endsWith('/delta'),
    );
    expect(deltaItems.length).toBeGreaterThan(0);
    const lists = folderCalls(graph, mailbox, archive).filter((c) => c.path.endsWith('/messages'));
    // Newest first by receivedDateTime, each page going on from the last one's oldest time.
    expect(lists[0]?.query.get('$orderby')).toBe('receivedDateTime desc');
    expect(lists[0]?.query.get('$filter')).toBe(`receivedDateTime ge ${DATA_FROM}T00:00:00Z`);
    expect(lists[1]?.query.get('$filter')).toMatch(/ and receivedDateTime le \S+Z$/);
  });

  it('reads the whole history when Graph answers pages shorter than $top, or empty, with a next link', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const { inRange } = fill(box, 'inbox', 1200);
    box.serverPageSizes.set(box.folders.find('inbox')!.id, [300, 0, 250]);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(inRange);
  });

  it("reads on by Graph's next links through 700 messages received in the same second", async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const received = new Date(Date.now() - 86_400_000);
    for (let i = 0; i < 700; i += 1) {
      box.add('archive', {
        received,
        from: { address: `c${i}@client.example` },
        subject: `S ${i}`,
      });
    }
    box.serverPageSizes.set(box.folders.find('archive')!.id, Array<number>(20).fill(200));
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(700);
  });

  it('stores no draft, wherever it was saved', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const received = new Date(Date.now() - 3_600_000);
    const customer = { address: 'carla@client.example' };
    box.add('inbox', { received, from: customer, subject: 'Broken pump' });
    box.add('inbox', { received, from: { address: box.email }, to: [customer], draft: true });
    await syncAndStore(suite.db, connector(), mailbox);
    expect((await storedMessages(suite.db, mailbox)).map((m) => m.subject)).toEqual([
      'Broken pump',
    ]);
  });

  it('resumes at the page a stopped sync reached, storing every message once', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const { inRange } = fill(box, 'inbox', 1200);
    // Two pages of the first delta round (kept as links only: the history reads it all), then
    // the history's first page.
    expect((await syncAndStore(suite.db, connector(), mailbox, 3)).inserted).toBe(500);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(inRange);
    const inbox = box.folders.find('inbox')!.id;
    const firstRounds = folderCalls(graph, mailbox, inbox).filter(
      (c) => c.query.has('$filter') && c.path.endsWith('/delta'),
    );
    expect(firstRounds).toHaveLength(1);
  });
});

describe('Microsoft connector: links and throttling', () => {
  it('never sends its token to a link outside Graph', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const inbox = box.folders.find('inbox')!.id;
    const before = graph.server.calls.length;
    const outside = { delta: 'http://127.0.0.2:9/steal', tracked: true, history: 'done' };
    const cursor = { version: 2, count: 0, total: null, folders: { [inbox]: outside } };
    const batches = connector().sync(mailbox.target, cursor, new AbortController().signal);
    await expect(batches[Symbol.asyncIterator]().next()).rejects.toThrow(
      `Microsoft Graph sent a link outside ${graph.graphBaseUrl}`,
    );
    expect(graph.server.calls.slice(before).some((call) => call.path.includes('steal'))).toBe(
      false,
    );
  });

  it('waits as long as a 429 or a 503 Retry-After asks, and retries a 5xx without one with backoff', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const { inRange } = fill(box, 'inbox', 5);
    const { waits, sleep } = recordingSleep();
    graph.failNext({ status: 429, retryAfter: 3, path: /delta$/ });
    graph.failNext({ status: 503, path: /delta$/ }, 2);
    graph.failNext({ status: 503, retryAfter: 7, path: /delta$/ });
    await syncAndStore(suite.db, connector(sleep), mailbox);
    expect(waits).toEqual([3000, 2000, 4000, 7000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(inRange);
    expect(graph.throttled).toBe(0);
  });
});
