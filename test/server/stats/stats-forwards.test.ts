import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { setUpTestApp } from '../support/suite';
import { statsScenario, type MessageInput } from '../support/stats';

// Forwards (definition 3): a customer's message forwarded to someone outside (a supplier, a
// partner) is sent but answers nothing, and the customer still waits; forwarded to the
// customer's side, it is an answer. Since definition 3 any message answers only by reaching the
// customer's side, forward or not. 2026-11-23 is a Monday; Madrid is UTC+1; hours 09:00-17:30.

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('forwards');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const AT = '2026-11-23T09:00:00Z';
const LATER = '2026-11-23T09:30:00Z';
const CUSTOMER = 'carla@client.example';

describe('forwards', () => {
  it('answer the customer only when they go to the customer side', async () => {
    const s = await statsScenario(t);
    const out = (thread: string, subject: string, to: string[]): MessageInput => ({
      thread,
      at: LATER,
      direction: 'outbound',
      from: s.sales.email,
      to,
      subject,
    });
    await s.insert([
      // To a supplier, in English, German and French mail clients' words: no answer.
      { thread: 'f1', at: AT, from: CUSTOMER, subject: 'Broken pump' },
      out('f1', 'Fwd: Broken pump', ['orders@supplier.example']),
      { thread: 'f2', at: AT, from: CUSTOMER, subject: 'Pumpe defekt' },
      out('f2', 'WG: Pumpe defekt', ['orders@supplier.example']),
      { thread: 'f3', at: AT, from: CUSTOMER, subject: 'Pompe cassée' },
      out('f3', ' TR : Pompe cassée', ['orders@supplier.example', 'ops@partner.example']),
      // To the customer, or to a colleague of theirs with the supplier: an answer.
      { thread: 'f4', at: AT, from: CUSTOMER, subject: 'Invoice?' },
      out('f4', 'FW: Invoice 4711', [CUSTOMER]),
      { thread: 'f5', at: AT, from: CUSTOMER, subject: 'Spare parts' },
      out('f5', 'Fwd: Spare parts', ['orders@supplier.example', 'dan@client.example']),
      // A reply in a thread that once was forwarded, and a subject that only looks like one: to
      // the supplier alone, neither reaches the customer (definition 3).
      { thread: 'f6', at: AT, from: CUSTOMER, subject: 'Delivery' },
      out('f6', 'Re: Fwd: Delivery', ['orders@supplier.example']),
      { thread: 'f7', at: AT, from: CUSTOMER, subject: 'Trade fair' },
      out('f7', 'Tradeshow: your stand', ['orders@supplier.example']),
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    // Before the forward rule: all 7 replied, none awaiting; before definition 3, f6 and f7 too.
    expect(summary).toMatchObject({
      received: 7,
      replied: 2,
      unreplied: 5,
      awaiting: 5,
      sent: 7,
    });
  });
});
