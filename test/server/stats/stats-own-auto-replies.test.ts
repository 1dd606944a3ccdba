import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { setUpTestApp } from '../support/suite';
import { statsScenario, type MessageInput } from '../support/stats';

// The mailbox's own automatic answers (definition 6): an acknowledgment sent through its account,
// a vacation reply filed in its sent folder, a read receipt. No person answered, so none is a
// reply or sent, and the customer still waits. 2026-11-23 is a Monday; Madrid is UTC+1; hours
// 09:00-17:30.

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('ownauto');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const AT = '2026-11-23T09:00:00Z';
const CUSTOMER = 'customer@client.example';

describe("the mailbox's own automatic answers", () => {
  it('answer nothing: the customer waits until a person replies', async () => {
    const s = await statsScenario(t);
    const answer = (thread: string, at: string, marks: Partial<MessageInput>): MessageInput => ({
      thread,
      at,
      direction: 'outbound',
      from: s.sales.email,
      to: [CUSTOMER],
      ...marks,
    });
    await s.insert([
      // "We received your request": a minute later, then a person at 11:00 Madrid.
      { thread: 'a1', at: AT },
      answer('a1', '2026-11-23T09:01:00Z', { autoSubmitted: 'auto-replied' }),
      answer('a1', '2026-11-23T10:00:00Z', {}),
      // Each other mark of an automatic answer; none is a reply, so these three wait.
      { thread: 'a2', at: AT },
      answer('a2', '2026-11-23T09:01:00Z', { autoReply: true }),
      { thread: 'a3', at: AT },
      answer('a3', '2026-11-23T09:01:00Z', { precedence: 'auto_reply' }),
      { thread: 'a4', at: AT },
      answer('a4', '2026-11-23T09:01:00Z', { contentType: 'multipart/report' }),
      // Auto-Submitted: no is a person's message; accepting the customer's invitation answers it.
      { thread: 'a5', at: AT },
      answer('a5', '2026-11-23T09:30:00Z', { autoSubmitted: 'no' }),
      { thread: 'a6', at: AT },
      answer('a6', '2026-11-23T09:30:00Z', { meetingResponse: true }),
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    // Before: 6 replied, 0 awaiting, 8 sent, and the first response 60 s in the first thread.
    expect(summary).toMatchObject({
      received: 6,
      replied: 3,
      unreplied: 3,
      awaiting: 3,
      sent: 3,
      automated: 0,
    });
    expect(summary.first_response_time.business.avg).toBe(2400);
    expect(summary.response_time.business.median).toBe(1800);
  });
});
