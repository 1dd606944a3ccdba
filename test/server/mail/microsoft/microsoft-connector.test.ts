import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMicrosoftConnector } from '../../../../server/mail/microsoft/connector';
import type { GraphMailbox } from '../../../support/graph-standin-mail';
import { startGraphStandin, type GraphStandin } from '../../../support/graph-standin';
import {
  DAY_MS,
  leasedMailbox,
  recordingSleep,
  storedMessages,
  syncAndStore,
  syncState,
  type SyncedMailbox,
} from '../../support/cloud-sync';
import { setUpTestApp } from '../../support/suite';

const suite = setUpTestApp('graph');
let graph: GraphStandin;

beforeAll(async () => {
  graph = await startGraphStandin();
});
afterAll(() => graph.close());

const DATA_FROM = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
const FROM_MS = Date.parse(`${DATA_FROM}T00:00:00Z`);

function connector(sleep = recordingSleep().sleep) {
  return createMicrosoftConnector(
    graph.account,
    { loginBaseUrl: graph.loginBaseUrl, graphBaseUrl: graph.graphBaseUrl },
    { sleep },
  );
}

/** `inbox` customer messages and `sent` answers spread evenly over the last twelve days. */
function fill(mailbox: GraphMailbox, inbox: number, sent: number): number {
  const span = 12 * DAY_MS;
  let inRange = 0;
  const add = (i: number, count: number, folder: 'inbox' | 'sentitems') => {
    const received = new Date(Date.now() - span + ((i + 0.5) * span) / count);
    const customer = { name: `Customer ${i}`, address: `customer${i % 17}@client.example` };
    const own = { name: 'Sales, Desk', address: mailbox.email };
    mailbox.add(folder, {
      received,
      // A sent item's receivedDateTime is when it was saved, a moment after it was sent.
      sent: new Date(received.getTime() - 60_000),
      from: folder === 'inbox' ? customer : own,
      to: [folder === 'inbox' ? own : customer],
      subject: `${folder} ${i}`,
      conversationId: `conv-${i % 40}`,
      categories: i % 2 === 0 ? ['Customer'] : [],
      headers:
        i % 5 === 0
          ? { 'List-Id': '<news.client.example>', 'In-Reply-To': `<q${i}@client.example>` }
          : {},
    });
    if (received.getTime() >= FROM_MS) inRange += 1;
  };
  for (let i = 0; i < inbox; i += 1) add(i, inbox, 'inbox');
  for (let i = 0; i < sent; i += 1) add(i, sent, 'sentitems');
  return inRange;
}

let seq = 0;
async function filledMailbox(inbox: number, sent: number) {
  seq += 1;
  const mailbox = await leasedMailbox(suite, `team${seq}`, DATA_FROM);
  const box = graph.addMailbox(mailbox.target.email);
  return { mailbox, box, expected: fill(box, inbox, sent) };
}

const deltaCalls = (mailbox: SyncedMailbox, folder: string) =>
  graph.server.calls.filter(
    (call) =>
      call.path === `/v1.0/users/${mailbox.target.email}/mailFolders/${folder}/messages/delta`,
  );
const firstRounds = (mailbox: SyncedMailbox, folder: string) =>
  deltaCalls(mailbox, folder).filter((call) => call.query.has('$filter'));

describe('Microsoft connector: first sync', () => {
  it('reads inbox and sent items by delta from data_from, page by page', async () => {
    const { mailbox, expected } = await filledMailbox(1200, 60);
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(expected);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected);
    expect(stored.every((m) => Date.parse(m.sent_at) >= FROM_MS - 60_000)).toBe(true);
    // About 600 recent inbox messages: a page of 500, then the rest with the delta link.
    expect(deltaCalls(mailbox, 'inbox')).toHaveLength(2);
    const [first] = firstRounds(mailbox, 'inbox');
    expect(first?.query.get('$filter')).toBe(`receivedDateTime ge ${DATA_FROM}T00:00:00Z`);
    expect(first?.query.get('$select')?.split(',')).not.toContain('body');
    expect(stored.find((m) => m.subject === 'inbox 1199')).toMatchObject({
      direction: 'inbound',
      folder: 'inbox',
      thread_key: 'conv-39',
      categories: [],
      from_address: 'customer9@client.example',
    });
    const sent = stored.filter((m) => m.folder === 'sentitems');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.direction === 'outbound')).toBe(true);
    expect(await syncState(suite.db, mailbox)).toMatchObject({
      history_loaded: true,
      status: 'working',
    });
  });

  it('keeps the internet headers it asked for', async () => {
    const { mailbox } = await filledMailbox(10, 0);
    await syncAndStore(suite.db, connector(), mailbox);
    const [row] = await suite.db.query<Record<string, unknown>>(
      `select list_id, in_reply_to, categories from messages
        where workspace_id = $1 and subject = 'inbox 5'`,
      [mailbox.store.workspaceId],
    );
    expect(row).toEqual({
      list_id: '<news.client.example>',
      in_reply_to: '<q5@client.example>',
      categories: [],
    });
  });

  it('resumes at the page a stopped sync reached, storing every message once', async () => {
    const { mailbox, expected } = await filledMailbox(1200, 10);
    expect((await syncAndStore(suite.db, connector(), mailbox, 1)).inserted).toBe(500);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(firstRounds(mailbox, 'inbox')).toHaveLength(1);
  });
});

describe('Microsoft connector: later syncs', () => {
  it('follows the stored delta links for what changed since', async () => {
    const { mailbox, box, expected } = await filledMailbox(20, 5);
    await syncAndStore(suite.db, connector(), mailbox);
    const before = graph.server.calls.length;
    const from = { address: 'new@client.example' };
    box.add('inbox', { received: new Date(), from, subject: 'New question' });
    const oldest = (await storedMessages(suite.db, mailbox)).find((m) => m.folder === 'inbox');
    box.categorize(oldest?.provider_id ?? '', ['Escalated']);
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(1);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 1);
    expect(stored.find((m) => m.provider_id === oldest?.provider_id)?.categories).toEqual([
      'Escalated',
    ]);
    const later = graph.server.calls.slice(before);
    expect(later.every((call) => !call.query.has('$filter'))).toBe(true);
    expect(later.filter((call) => call.query.has('$deltatoken'))).toHaveLength(2);
  });

  it('reads a folder in full again when its delta link expired, storing nothing twice', async () => {
    const { mailbox, box, expected } = await filledMailbox(30, 5);
    await syncAndStore(suite.db, connector(), mailbox);
    box.add('sentitems', { received: new Date(), from: { address: box.email }, subject: 'Reply' });
    box.expireDeltaLinks();
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(1);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 1);
    expect(new Set(stored.map((m) => m.provider_id)).size).toBe(stored.length);
    expect(firstRounds(mailbox, 'inbox')).toHaveLength(2);
    expect(firstRounds(mailbox, 'sentitems')).toHaveLength(2);
    expect(graph.server.calls.filter((call) => call.status === 410).length).toBeGreaterThan(0);
  });
});

describe('Microsoft connector: links', () => {
  it('never sends its token to a link outside Graph', async () => {
    const { mailbox } = await filledMailbox(1, 0);
    const before = graph.server.calls.length;
    const cursor = {
      count: 0,
      total: null,
      inbox: { link: 'http://127.0.0.2:9/steal', loaded: true },
    };
    const batches = connector().sync(mailbox.target, cursor, new AbortController().signal);
    await expect(batches[Symbol.asyncIterator]().next()).rejects.toThrow(
      `Microsoft Graph sent a link outside ${graph.graphBaseUrl}`,
    );
    expect(graph.server.calls.slice(before)).toEqual([]);
  });
});

describe('Microsoft connector: throttling', () => {
  it('waits as long as a 429 Retry-After asks, and retries a 5xx with backoff', async () => {
    const { mailbox, expected } = await filledMailbox(5, 2);
    const { waits, sleep } = recordingSleep();
    graph.failNext({ status: 429, retryAfter: 3, path: /delta$/ });
    graph.failNext({ status: 503, path: /delta$/ }, 2);
    await syncAndStore(suite.db, connector(sleep), mailbox);
    expect(waits).toEqual([3000, 2000, 4000]);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
  });
});
