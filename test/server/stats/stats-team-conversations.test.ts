import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { setUpTestApp } from '../support/suite';
import { addMailbox, insertMessages, statsScenario } from '../support/stats';

// The team's conversation (docs/statistics.md, definitions 1, 3, 4 and 5): colleagues answer from
// their own mailboxes, one message reaches several, an answer answers only whom it reaches, and
// history stays. Each case is one conversation with its figures worked out by hand beside it.
// 2026-11-23 is a Monday; Madrid is UTC+1; company hours 09:00-17:30 (08:00-16:30 UTC).

type Summary = components['schemas']['StatsSummary'];
type Unreplied = components['schemas']['StatsUnrepliedPage'];

const t = setUpTestApp('team-conversations');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const CARLA = 'carla@client.example';

async function team() {
  const s = await statsScenario(t);
  const alice = await addMailbox(t.db, s.ws.workspaceId, `alice@${s.ws.domain}`);
  const bob = await addMailbox(t.db, s.ws.workspaceId, `bob@${s.ws.domain}`);
  const only = (...emails: string[]) => ({ ...WEEK, mailboxes: emails.join(',') });
  return { ...s, alice, bob, only };
}

describe('the team conversation', () => {
  it("a colleague's answer from her own mailbox answers sales@'s request", async () => {
    const s = await team();
    await s.insert([
      { thread: 's1', at: '2026-11-23T09:00:00Z', from: CARLA, messageId: '<c1@client.example>' },
    ]);
    // Alice answers at 10:30 UTC from alice@, without copying sales@: 90 minutes, in hours.
    await s.insert(
      [
        {
          thread: 'a1',
          at: '2026-11-23T10:30:00Z',
          direction: 'outbound',
          to: [CARLA],
          inReplyTo: '<c1@client.example>',
          references: ['<c1@client.example>'],
        },
      ],
      s.alice,
    );
    await s.rebuild();
    const sales = await s.get<Summary>('summary', s.only(s.sales.email));
    expect(sales).toMatchObject({ received: 1, replied: 1, unreplied: 0, awaiting: 0, sent: 0 });
    expect(sales.response_time.business.median).toBe(5400);
    const alice = await s.get<Summary>('summary', s.only(s.alice.email));
    expect(alice).toMatchObject({ received: 0, replied: 0, sent: 1 });
    const all = await s.get<Summary>('summary', WEEK);
    expect(all).toMatchObject({ received: 1, replied: 1, awaiting: 0, sent: 1 });
    expect(all.first_response_time.business.median).toBe(5400);
    expect((await s.get<Unreplied>('unreplied', WEEK)).total).toBe(0);
  });

  it('a message To sales@, Cc bob@ counts once over both, and in each alone', async () => {
    const s = await team();
    const question = {
      at: '2026-11-23T09:00:00Z',
      from: CARLA,
      to: [s.sales.email],
      cc: [s.bob.email],
      messageId: '<c2@client.example>',
    };
    const unanswered = {
      ...question,
      at: '2026-11-24T09:00:00Z',
      messageId: '<c3@client.example>',
    };
    await s.insert([
      { thread: 's2', ...question },
      { thread: 's3', ...unanswered },
    ]);
    await s.insert(
      [
        { thread: 'b2', ...question },
        { thread: 'b3', ...unanswered },
      ],
      s.bob,
    );
    // sales@ answers the first after 20 minutes; nobody answers the second.
    await s.insert([
      {
        thread: 's2',
        at: '2026-11-23T09:20:00Z',
        direction: 'outbound',
        to: [CARLA],
        inReplyTo: '<c2@client.example>',
      },
    ]);
    await s.rebuild();
    const once = { received: 2, replied: 1, unreplied: 1, awaiting: 1, sent: 1 };
    const all = await s.get<Summary>('summary', WEEK);
    expect(all).toMatchObject(once);
    expect(all.response_time.business.median).toBe(1200);
    expect(await s.get<Summary>('summary', s.only(s.sales.email, s.bob.email))).toMatchObject(once);
    const bob = await s.get<Summary>('summary', s.only(s.bob.email));
    expect(bob).toMatchObject({ received: 2, replied: 1, unreplied: 1, awaiting: 1, sent: 0 });
    expect(bob.response_time.business.median).toBe(1200);
    // The waiting request is listed once, in its primary mailbox (the one in To).
    const list = await s.get<Unreplied>('unreplied', WEEK);
    expect(list.total).toBe(1);
    expect(list.unreplied.map((row) => row.mailbox)).toEqual([s.sales.email]);
    // By mailbox each counts its own copy.
    const breakdown = await s.get<{ rows: { key: string; received: number }[] }>('breakdown', {
      ...WEEK,
      by: 'mailbox',
    });
    expect(Object.fromEntries(breakdown.rows.map((row) => [row.key, row.received]))).toMatchObject({
      [s.sales.email]: 2,
      [s.bob.email]: 2,
    });
  });

  it('an answer answers only the requests whose sender it reaches', async () => {
    const s = await team();
    const ivan = 'ivan@homes.example';
    const installer = 'ops@installer.example';
    await s.insert([
      // Monday 10:00 Madrid Ivan asks; at 11:00 the installer writes in the same thread.
      { thread: 'i1', at: '2026-11-23T09:00:00Z', from: ivan, messageId: '<i1@homes.example>' },
      {
        thread: 'i1',
        at: '2026-11-23T10:00:00Z',
        from: installer,
        messageId: '<i2@installer.example>',
        references: ['<i1@homes.example>'],
      },
      // Support answers only the installer at 11:20; Ivan is answered on Tuesday at 10:00.
      { thread: 'i1', at: '2026-11-23T10:20:00Z', direction: 'outbound', to: [installer] },
      { thread: 'i1', at: '2026-11-24T09:00:00Z', direction: 'outbound', to: [ivan] },
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    expect(summary).toMatchObject({ received: 2, replied: 2, awaiting: 0, sent: 2 });
    // Installer: 20 min = 1200 s. Ivan: Monday 10:00-17:30 (27000 s) + Tuesday 09:00-10:00
    // (3600 s) = 30600 s business, 86400 s calendar. Median of the two: 15900.
    expect(summary.response_time.business.median).toBe(15900);
    expect(summary.response_time.calendar.median).toBe((1200 + 86400) / 2);
    // The conversation's first request is Ivan's.
    expect(summary.first_response_time.business.median).toBe(30600);
  });

  it("at a public provider only the sender's own address is reached; at a company its domain", async () => {
    const s = await team();
    await s.insert([
      { thread: 'p1', at: '2026-11-23T09:00:00Z', from: 'carla@gmail.com' },
      { thread: 'p1', at: '2026-11-23T09:30:00Z', direction: 'outbound', to: ['dave@gmail.com'] },
      { thread: 'p2', at: '2026-11-23T09:00:00Z', from: 'dan@client.example' },
      {
        thread: 'p2',
        at: '2026-11-23T09:30:00Z',
        direction: 'outbound',
        to: ['eve@client.example'],
      },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', WEEK)).toMatchObject({
      received: 2,
      replied: 1,
      unreplied: 1,
      awaiting: 1,
      sent: 2,
    });
  });

  it('trash keeps the history; an unanswered request all in trash is closed; spam counts nowhere', async () => {
    const s = await team();
    await s.insert([
      // Answered after 40 minutes, then both messages went to trash: still answered.
      { thread: 'h1', at: '2026-11-23T09:00:00Z', from: CARLA, setAside: 'trash' },
      {
        thread: 'h1',
        at: '2026-11-23T09:40:00Z',
        direction: 'outbound',
        to: [CARLA],
        setAside: 'trash',
      },
      // Never answered, trashed: received and unreplied, but no longer awaiting.
      { thread: 'h2', at: '2026-11-23T09:00:00Z', from: 'dan@client.example', setAside: 'trash' },
      // Spam was never a request.
      { thread: 'h3', at: '2026-11-23T09:00:00Z', from: 'win@prize.example', setAside: 'spam' },
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    expect(summary).toMatchObject({
      received: 2,
      replied: 1,
      unreplied: 1,
      awaiting: 0,
      sent: 1,
    });
    expect(summary.response_time.business.median).toBe(2400);
    expect((await s.get<Unreplied>('unreplied', WEEK)).total).toBe(0);
  });

  it('joins through a referenced message no mailbox holds', async () => {
    const s = await team();
    // Carla's second message names her first, which no tracked mailbox received; Alice's answer
    // names only that first one.
    await s.insert([
      {
        thread: 'x2',
        at: '2026-11-23T09:00:00Z',
        from: CARLA,
        messageId: '<x2@client.example>',
        references: ['<x1@client.example>'],
      },
    ]);
    await s.insert(
      [
        {
          thread: 'ax',
          at: '2026-11-23T09:10:00Z',
          direction: 'outbound',
          to: [CARLA],
          references: ['<x1@client.example>'],
        },
      ],
      s.alice,
    );
    await s.rebuild();
    const sales = await s.get<Summary>('summary', s.only(s.sales.email));
    expect(sales).toMatchObject({ received: 1, replied: 1, awaiting: 0 });
    expect(sales.response_time.business.median).toBe(600);
  });

  it("an answer synced into alice@ updates sales@'s summary at once", async () => {
    const s = await team();
    await s.insert([
      { thread: 's7', at: '2026-11-23T09:00:00Z', from: CARLA, messageId: '<c7@client.example>' },
    ]);
    await s.rebuild();
    const before = await s.get<Summary>('summary', s.only(s.sales.email));
    expect(before).toMatchObject({ received: 1, replied: 0, awaiting: 1 });
    await t.db.transaction(async (tx) => {
      await insertMessages(tx, s.alice, [
        {
          thread: 'a7',
          at: '2026-11-23T09:05:00Z',
          direction: 'outbound',
          to: [CARLA],
          inReplyTo: '<c7@client.example>',
        },
      ]);
      await refreshThreadFacts(tx, s.ws.workspaceId, s.alice.mailboxId, ['a7']);
    });
    const after = await s.get<Summary>('summary', s.only(s.sales.email));
    expect(after).toMatchObject({ received: 1, replied: 1, awaiting: 0 });
    expect(after.response_time.business.median).toBe(300);
  });
});
