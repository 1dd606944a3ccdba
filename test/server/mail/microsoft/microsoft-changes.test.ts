import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphStandin, type GraphStandin } from '../../../support/graph-standin';
import {
  storedCursor,
  setAsideIds,
  storedMessages,
  syncAndStore,
  type SyncedMailbox,
} from '../../support/cloud-sync';
import { setUpTestApp } from '../../support/suite';
import { fill, folderCalls, graphConnector, graphMailbox } from './graph-fixtures';

// The Microsoft connector's later syncs: each folder's delta link. A message is stored once
// whatever folder holds it; moves change no count; partial updates change only what they carry;
// replays change nothing; an expired delta token reads the folder again, storing nothing twice.

const suite = setUpTestApp('gchg');
let graph: GraphStandin;

beforeAll(async () => {
  graph = await startGraphStandin();
});
afterAll(() => graph.close());

const connector = () => graphConnector(graph);

const row = (mailbox: SyncedMailbox, providerId: string) =>
  suite.db
    .query<{
      folder: string;
      direction: string;
      subject: string;
      categories: string[];
    }>(
      `select folder, direction, subject, categories from messages
        where workspace_id = $1 and mailbox_id = $2 and provider_id = $3`,
      [mailbox.store.workspaceId, mailbox.store.mailboxId, providerId],
    )
    .then((rows) => rows[0]);

async function synced(inbox = 20, sent = 5) {
  const { mailbox, box } = await graphMailbox(suite, graph);
  const received = fill(box, 'inbox', inbox);
  const answered = fill(box, 'sentitems', sent);
  await syncAndStore(suite.db, connector(), mailbox);
  return {
    mailbox,
    box,
    ids: received.ids,
    sentIds: answered.ids,
    expected: received.inRange + answered.inRange,
  };
}

describe('Microsoft connector: later syncs', () => {
  it('follows the stored delta links for what changed since', async () => {
    const { mailbox, box, ids, expected } = await synced();
    const before = graph.server.calls.length;
    const from = { address: 'new@client.example' };
    box.add('inbox', { received: new Date(), from, subject: 'New question' });
    box.markRead(ids.at(-2)!);
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(1);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected + 1);
    const later = graph.server.calls.slice(before).filter((call) => call.path.endsWith('/delta'));
    expect(later.every((call) => call.query.has('$deltatoken'))).toBe(true);
  });

  it('keeps a message moved between folders once, under the same id, counted as before', async () => {
    const { mailbox, box, ids, sentIds, expected } = await synced();
    box.createFolder('Customers/Acme');
    box.move(ids.at(-1)!, 'Customers/Acme');
    box.move(sentIds.at(-1)!, 'archive');
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(await row(mailbox, ids.at(-1)!)).toMatchObject({
      folder: 'Customers/Acme',
      direction: 'inbound',
    });
    // Sent by the mailbox: outbound wherever it is filed.
    expect(await row(mailbox, sentIds.at(-1)!)).toMatchObject({
      folder: 'Archive',
      direction: 'outbound',
    });
  });

  it('changes nothing when Graph replays a round', async () => {
    const { mailbox, box, ids, expected } = await synced();
    box.add('inbox', { received: new Date(), from: { address: 'new@client.example' } });
    box.categorize(ids.at(-1)!, ['Red']);
    box.move(ids.at(-2)!, 'archive');
    await syncAndStore(suite.db, connector(), mailbox);
    const after = await storedMessages(suite.db, mailbox);
    box.replay = true;
    try {
      const run = await syncAndStore(suite.db, connector(), mailbox);
      expect(run.inserted).toBe(0);
    } finally {
      box.replay = false;
    }
    expect(await storedMessages(suite.db, mailbox)).toEqual(after);
    expect(after).toHaveLength(expected + 1);
    expect(await row(mailbox, ids.at(-2)!)).toMatchObject({ folder: 'Archive' });
  });

  it('sets aside a message moved to Junk Email or Deleted Items, and restores it when moved back', async () => {
    const { mailbox, box, ids, expected } = await synced();
    const [junk, deleted, gone] = ids.slice(-3) as [string, string, string];
    box.move(junk, 'junkemail');
    box.move(deleted, 'deleteditems');
    box.delete(gone);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected);
    expect(await setAsideIds(suite.db, mailbox)).toEqual({
      [junk]: 'spam',
      [deleted]: 'trash',
      [gone]: 'trash',
    });
    box.move(junk, 'inbox');
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await setAsideIds(suite.db, mailbox)).toEqual({ [deleted]: 'trash', [gone]: 'trash' });
    expect(await row(mailbox, junk)).toMatchObject({ folder: 'Inbox', direction: 'inbound' });
  });

  it.each([
    ['Inbox', 'moved to Deleted Items', 'inbox', 'sentitems'],
    ['Sent Items', 'moved to Deleted Items', 'sentitems', 'inbox'],
    ['Inbox', 'deleted for good', 'inbox', 'sentitems'],
    ['Sent Items', 'deleted for good', 'sentitems', 'inbox'],
  ] as const)(
    'keeps a message counted while a copy stays in a folder read, the %s copy %s first',
    async (_, how, first, second) => {
      const { mailbox, box, expected } = await synced();
      const remove = (id: string) =>
        how === 'deleted for good' ? box.delete(id) : box.move(id, 'deleteditems');
      // A reply to a customer that copied the mailbox: one message, in Sent Items and in Inbox.
      const reply = {
        received: new Date(Date.now() - 3_600_000),
        from: { address: box.email },
        to: [{ address: 'carla@client.example' }],
        cc: [{ address: box.email }],
        subject: 'Re: Broken pump',
        internetMessageId: '<reply-pump@acme.example>',
      };
      const copies = { sentitems: box.add('sentitems', reply), inbox: box.add('inbox', reply) };
      await syncAndStore(suite.db, connector(), mailbox);
      expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected + 1);
      remove(copies[first]);
      await syncAndStore(suite.db, connector(), mailbox);
      expect(await setAsideIds(suite.db, mailbox)).toEqual({});
      expect(await row(mailbox, copies[second])).toMatchObject({ direction: 'outbound' });
      remove(copies[second]);
      await syncAndStore(suite.db, connector(), mailbox);
      expect(await setAsideIds(suite.db, mailbox)).toEqual({ [copies[second]]: 'trash' });
    },
  );

  it('applies an update carrying only the changed categories, keeping the rest as stored', async () => {
    const { mailbox, box, ids } = await synced();
    const id = ids.at(-1)!;
    const before = await row(mailbox, id);
    box.categorize(id, ['Red', 'Urgent']);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await row(mailbox, id)).toEqual({ ...before, categories: ['Red', 'Urgent'] });
  });

  it.each([
    ['410 SyncStateNotFound', { status: 410, code: 'SyncStateNotFound' }],
    ['400 syncStateNotFound', { status: 400, code: 'syncStateNotFound' }],
    ['400 resyncRequired', { status: 400, code: 'resyncRequired' }],
  ])('reads a folder in full again after %s, storing nothing twice', async (_, answer) => {
    const { mailbox, box, expected } = await synced(30, 5);
    box.add('sentitems', { received: new Date(), from: { address: box.email }, subject: 'Reply' });
    box.expireDeltaLinks(answer);
    const run = await syncAndStore(suite.db, connector(), mailbox);
    expect(run.inserted).toBe(1);
    const stored = await storedMessages(suite.db, mailbox);
    expect(stored).toHaveLength(expected + 1);
    expect(new Set(stored.map((m) => m.provider_id)).size).toBe(stored.length);
    const inbox = box.folders.find('inbox')!.id;
    const firstRounds = folderCalls(graph, mailbox, inbox).filter(
      (call) => call.path.endsWith('/delta') && call.query.has('$filter'),
    );
    expect(firstRounds).toHaveLength(2);
  });

  it('reads a folder made after the first sync, and forgets one deleted', async () => {
    const { mailbox, box, expected } = await synced(10, 2);
    const made = box.createFolder('Projects');
    const { inRange } = fill(box, 'Projects', 12);
    await syncAndStore(suite.db, connector(), mailbox);
    expect(await storedMessages(suite.db, mailbox)).toHaveLength(expected + inRange);
    const cursor = (await storedCursor(suite.db, mailbox)) as { folders: Record<string, unknown> };
    expect(Object.keys(cursor.folders)).toContain(made);
    box.folders.byId.delete(made);
    await syncAndStore(suite.db, connector(), mailbox);
    const after = (await storedCursor(suite.db, mailbox)) as { folders: Record<string, unknown> };
    expect(Object.keys(after.folders)).not.toContain(made);
  });
});
