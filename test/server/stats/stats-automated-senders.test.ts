import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { setUpTestApp } from '../support/suite';
import { statsScenario } from '../support/stats';

// Senders no one writes back to (definitions 4 and 6): mail from noreply@, mailer-daemon@ and the
// like, and a meeting's cancellation, is automated; mail only to such addresses answers nothing.
// 2026-11-23 is a Monday; Madrid is UTC+1.

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('autosend');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const AT = '2026-11-23T09:00:00Z';
const LATER = '2026-11-23T10:00:00Z';

describe('automated senders', () => {
  it('mail from noreply@, no-reply@, no_reply@, donotreply@, do-not-reply@, mailer-daemon@ or postmaster@ (any case), and a cancellation, is automated', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { thread: 'n1', at: AT, from: 'noreply@shop.example' },
      { thread: 'n2', at: AT, from: 'No-Reply@Shop.example' },
      { thread: 'n3', at: AT, from: 'no_reply@bank.example' },
      { thread: 'n4', at: AT, from: 'DoNotReply@bank.example' },
      { thread: 'n5', at: AT, from: 'do-not-reply@bank.example' },
      { thread: 'n6', at: AT, from: 'MAILER-DAEMON@mx.client.example' },
      { thread: 'n7', at: AT, from: 'postmaster@client.example' },
      // "Canceled: Demo": the organiser's calendar cancels the meeting; it asks for nothing.
      { thread: 'n8', at: AT, meetingCancellation: true },
      // Counted: other local parts, a domain that only looks like one, no cancellation.
      { thread: 'c1', at: AT, from: 'reply@shop.example' },
      { thread: 'c2', at: AT, from: 'noreply.team@shop.example' },
      { thread: 'c3', at: AT, from: 'info@noreply.example' },
      { thread: 'c4', at: AT, meetingCancellation: false },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', WEEK)).toMatchObject({
      received: 4,
      automated: 8,
      unreplied: 4,
      awaiting: 4,
    });
  });

  it('mail only to such addresses (and colleagues) is sent but answers nothing; one person outside among them makes it a reply', async () => {
    const s = await statsScenario(t);
    const colleague = `colleague@${s.ws.domain}`;
    await s.insert([
      // Answered only to the shop's noreply@: the customer still waits.
      { thread: 'r1', at: AT },
      { thread: 'r1', direction: 'outbound', at: LATER, to: ['noreply@shop.example'] },
      // To the customer, copying noreply@: a reply.
      { thread: 'r2', at: AT },
      {
        thread: 'r2',
        direction: 'outbound',
        at: LATER,
        to: ['customer@client.example'],
        cc: ['NoReply@shop.example'],
      },
      // To a colleague and the customer's postmaster@: no reply, though not internal.
      { thread: 'r3', at: AT },
      {
        thread: 'r3',
        direction: 'outbound',
        at: LATER,
        to: [colleague, 'postmaster@client.example'],
      },
      // A colleague's message to the customer's no-reply@ that reached the mailbox: no answer.
      { thread: 'r4', at: AT },
      { thread: 'r4', at: LATER, from: colleague, to: ['no-reply@client.example', s.sales.email] },
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    expect(summary).toMatchObject({
      received: 4,
      sent: 3,
      replied: 1,
      unreplied: 3,
      awaiting: 3,
      internal: 0,
      automated: 0,
    });
    // r2's one request, answered in 1 h of business time (10:00 to 11:00 Madrid).
    expect(summary.response_time.business.median).toBe(3600);
  });
});
