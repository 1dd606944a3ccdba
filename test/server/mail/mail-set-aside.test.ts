import { describe, expect, it } from 'vitest';
import type { SyncBatch, SyncedMessage } from '../../../server/mail/connector';
import { commitBatch, type StoreTarget } from '../../../server/mail/store';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { createAlert, engineWorkspace, evaluateAt, rebuildFacts } from '../support/alert-engine';
import { NO_HEADERS } from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';

// A message set aside in spam or trash leaves every figure and every alert, through the store
// and the statistics refresh the sync runs in each batch; moved back, it counts again.

const t = setUpTestApp('aside');

// Company hours Mon–Fri 09:00–17:00 UTC (the alert fixtures'). 2027-03-08 is a Monday.
const MONDAY_10 = '2027-03-08T10:00:00Z';

const question: SyncedMessage = {
  providerId: 'gmail-1',
  threadKey: 'thread-1',
  folder: null,
  labels: ['INBOX'],
  categories: [],
  inSentFolder: false,
  sentAt: new Date(MONDAY_10),
  headers: {
    ...NO_HEADERS,
    from: 'Ann <ann@client.example>',
    to: 'support@aside.example',
    subject: 'Where is my order?',
    messageId: '<q1@client.example>',
  },
};

const batch = (part: Partial<SyncBatch>): SyncBatch => ({
  messages: [],
  cursor: {},
  historyLoaded: true,
  progress: { done: 0, total: null },
  ...part,
});

async function leasedSupport() {
  const e = await engineWorkspace(t);
  await t.db.query(
    `insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
     values ($1, $2, 'worker-a', now() + interval '1 hour')`,
    [e.ws.workspaceId, e.mailbox.mailboxId],
  );
  const target: StoreTarget = { ...e.mailbox, email: e.mailbox.email, leaseOwner: 'worker-a' };
  // As the worker does: the batch and its threads' figures in one transaction.
  const store = (part: Partial<SyncBatch>) =>
    t.db.transaction(async (tx) => {
      const result = await commitBatch(tx, target, batch(part));
      await refreshThreadFacts(tx, e.ws.workspaceId, e.mailbox.mailboxId, result.threads);
    });
  const received = async () => {
    const params = new URLSearchParams({ from: '2027-03-08', to: '2027-03-08' });
    const reply = await t.admin(e.ws).get(`/portal/api/stats/summary?${params.toString()}`);
    return reply.json<{ received: number; unreplied: number; awaiting: number }>();
  };
  return { e, store, received };
}

const toTrash = { providerId: 'gmail-1', messageId: null, setAside: 'trash' as const };
const toSpam = { ...toTrash, setAside: 'spam' as const };

describe('a message set aside in spam or trash', () => {
  it('in spam leaves the figures and comes back to them when moved back', async () => {
    const { e, store, received } = await leasedSupport();
    await rebuildFacts(t.db, e);
    await store({ messages: [question] });
    expect(await received()).toMatchObject({ received: 1, unreplied: 1, awaiting: 1 });
    await store({ changes: [toSpam] });
    expect(await received()).toMatchObject({ received: 0, unreplied: 0, awaiting: 0 });
    // A rebuild over the whole history leaves it out too.
    await rebuildFacts(t.db, e);
    expect(await received()).toMatchObject({ received: 0 });
    await store({ messages: [question] });
    expect(await received()).toMatchObject({ received: 1, unreplied: 1, awaiting: 1 });
  });

  it('in trash keeps its figures; unanswered, it is closed: no longer awaiting (definition 5)', async () => {
    const { e, store, received } = await leasedSupport();
    await rebuildFacts(t.db, e);
    await store({ messages: [question] });
    await store({ changes: [toTrash] });
    expect(await received()).toMatchObject({ received: 1, unreplied: 1, awaiting: 0 });
    await rebuildFacts(t.db, e);
    expect(await received()).toMatchObject({ received: 1, unreplied: 1, awaiting: 0 });
    await store({ messages: [question] });
    expect(await received()).toMatchObject({ received: 1, unreplied: 1, awaiting: 1 });
  });

  it('is not told by an alert, and is once moved back', async () => {
    const { e, store } = await leasedSupport();
    await createAlert(t, e, { watchingSince: '2027-03-01T00:00:00Z', minutesGap: 60 });
    await rebuildFacts(t.db, e);
    await store({ messages: [question] });
    await store({ changes: [toTrash] });
    expect((await evaluateAt(t.db, '2027-03-08T12:00:00Z')).notified).toBe(0);
    await store({ messages: [question] });
    // The next evaluation, an interval later.
    expect((await evaluateAt(t.db, '2027-03-08T12:05:00Z')).notified).toBe(1);
  });
});
