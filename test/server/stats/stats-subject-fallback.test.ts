import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { setUpTestApp } from '../support/suite';
import { addMailbox, insertMessages, statsScenario } from '../support/stats';

// The subject fallback (docs/statistics.md, definition 2): an outbound message without
// In-Reply-To and References joins the most recent conversation, within 14 days before it, that
// waits for an answer from one of its recipients under the same subject, prefixes stripped.
// 2026-11-23 is a Monday; Madrid is UTC+1; company hours 09:00-17:30 (08:00-16:30 UTC).

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('subject-fallback');
const CARLA = 'carla@client.example';
const MONTH = { from: '2026-11-01', to: '2026-12-31' };

async function team() {
  const s = await statsScenario(t);
  const alice = await addMailbox(t.db, s.ws.workspaceId, `alice@${s.ws.domain}`);
  return { ...s, alice, sales: (range = MONTH) => ({ ...range, mailboxes: s.sales.email }) };
}

/** Alice's answer from her phone: no In-Reply-To, no References. */
const phone = (at: string, subject: string, to = [CARLA]) => ({
  thread: `phone-${at}`,
  at,
  direction: 'outbound' as const,
  to,
  subject,
});

describe('the subject fallback', () => {
  it("joins a phone's answer to the waiting request of its recipient under the same subject", async () => {
    const s = await team();
    await s.insert([
      { thread: 'q', at: '2026-11-23T09:00:00Z', from: CARLA, subject: 'Quote for 40 pumps' },
      // Another customer waits under the same subject: not a recipient of the answer.
      {
        thread: 'o',
        at: '2026-11-23T09:30:00Z',
        from: 'otto@other.example',
        subject: 'Quote for 40 pumps',
      },
    ]);
    // 10:00 UTC, one hour later, prefixes and case and spaces the phone's own.
    await s.insert([phone('2026-11-23T10:00:00Z', 'AW: re[2]:  quote for 40   PUMPS ')], s.alice);
    await s.rebuild();
    const sales = await s.get<Summary>('summary', s.sales());
    expect(sales).toMatchObject({ received: 2, replied: 1, unreplied: 1, awaiting: 1 });
    expect(sales.response_time.business.median).toBe(3600);
  });

  it('joins nothing older than 14 days, already answered, or under another subject', async () => {
    const s = await team();
    await s.insert([
      // Fifteen days before the answer.
      { thread: 'old', at: '2026-11-02T09:00:00Z', from: CARLA, subject: 'Spare parts' },
      // Answered by sales@ before the phone's message.
      { thread: 'done', at: '2026-11-16T09:00:00Z', from: CARLA, subject: 'Invoice' },
      { thread: 'done', at: '2026-11-16T09:10:00Z', direction: 'outbound', to: [CARLA] },
      { thread: 'other', at: '2026-11-16T09:00:00Z', from: CARLA, subject: 'Delivery date' },
    ]);
    await s.insert(
      [
        phone('2026-11-17T10:00:00Z', 'Re: Spare parts'),
        phone('2026-11-17T10:00:01Z', 'Re: Invoice'),
        phone('2026-11-17T10:00:02Z', 'Re: Delivery time'),
      ],
      s.alice,
    );
    await s.rebuild();
    // Only "Invoice" is answered, by sales@ itself after ten minutes.
    const sales = await s.get<Summary>('summary', s.sales());
    expect(sales).toMatchObject({ received: 3, replied: 1, unreplied: 2, awaiting: 2 });
    expect(sales.response_time.business.median).toBe(600);
  });

  it('joins as the answer is synced, and updates the request at once', async () => {
    const s = await team();
    await s.insert([{ thread: 'q', at: '2026-11-23T09:00:00Z', from: CARLA, subject: 'Pumps' }]);
    await s.rebuild();
    await t.db.transaction(async (tx) => {
      const answer = phone('2026-11-23T09:20:00Z', 'RE: Pumps');
      await insertMessages(tx, s.alice, [answer]);
      await refreshThreadFacts(tx, s.ws.workspaceId, s.alice.mailboxId, [answer.thread]);
    });
    const sales = await s.get<Summary>('summary', s.sales());
    expect(sales).toMatchObject({ received: 1, replied: 1, awaiting: 0 });
    expect(sales.response_time.business.median).toBe(1200);
  });
});
