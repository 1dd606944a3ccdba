import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { saveFiltering } from '../../../server/repos/filtering';
import { emptyExcludedFilters } from '../../../common/exclusions';
import { setUpTestApp } from '../support/suite';
import { statsScenario } from '../support/stats';

// Colleagues and the company's own group (definitions 4, 6 and 8): a request comes from outside,
// and a colleague's answer that reaches the mailbox (in Cc, by reply-all, relayed by the group)
// answers it. 2026-11-23 is a Monday; Madrid is UTC+1; hours 09:00-17:30.

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('colleagues');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const AT = '2026-11-23T09:00:00Z';
const CUSTOMER = 'customer@client.example';

describe('colleagues and the company group', () => {
  it("a colleague's answer that reached the mailbox answers the customer's request", async () => {
    const s = await statsScenario(t);
    const ann = `ann@${s.ws.domain}`;
    const copied = { from: ann, to: [CUSTOMER], cc: [s.sales.email] };
    await s.insert([
      // Monday 10:00 Madrid; Ann answers from her own mailbox at 11:30, with sales@ in Cc.
      { thread: 'c1', at: AT },
      { thread: 'c1', at: '2026-11-23T10:30:00Z', ...copied },
      // A colleague's message that begins a thread, copying the mailbox: no request, no reply.
      { thread: 'c2', at: AT, ...copied },
      // A colleague's automatic answer to the customer answers nothing.
      { thread: 'c3', at: AT },
      { thread: 'c3', at: '2026-11-23T09:01:00Z', ...copied, autoSubmitted: 'auto-replied' },
      // Nor does a forward to another colleague (internal).
      { thread: 'c4', at: AT },
      { thread: 'c4', at: '2026-11-23T09:05:00Z', from: ann, to: [`bob@${s.ws.domain}`] },
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    expect(summary).toMatchObject({
      received: 3,
      replied: 1,
      unreplied: 2,
      awaiting: 2,
      sent: 0,
      internal: 1,
      automated: 1,
    });
    expect(summary.response_time.business.median).toBe(5400);
    expect(summary.first_response_time.business.median).toBe(5400);
  });

  it("mail relayed by a list of an internal domain (the company's own group) is not a newsletter", async () => {
    const s = await statsScenario(t);
    await t.db.transaction((tx) =>
      saveFiltering(tx, s.ws.workspaceId, {
        excludedFilters: emptyExcludedFilters(),
        internalDomains: ['partner.example'],
      }),
    );
    // What a Google Group support@ adds to every message it relays.
    const group = { precedence: 'list', listUnsubscribe: true };
    await s.insert([
      { thread: 'g1', at: AT, ...group, listId: `<support.${s.ws.domain}>` }, // counted
      { thread: 'g2', at: AT, ...group, listId: `"Help" <help.lists.${s.ws.domain}>` }, // counted
      { thread: 'g3', at: AT, ...group, listId: 'desk.partner.example' }, // counted
      { thread: 'g4', at: AT, ...group, listId: `<SUPPORT.${s.ws.domain.toUpperCase()}>` }, // counted
      // Another company's list, and names that only look like ours, are lists.
      { thread: 'n1', at: AT, ...group, listId: '<news.lists.example>' },
      { thread: 'n2', at: AT, ...group, listId: `<support.${s.ws.domain}.lists.example>` },
      { thread: 'n3', at: AT, ...group, listId: `<support.x${s.ws.domain}>` },
      // A colleague's answer to a customer, relayed by the group to the other members: a person
      // wrote it, and it is no request (it answers one where it follows one: below).
      {
        thread: 'n6',
        at: AT,
        ...group,
        listId: `<support.${s.ws.domain}>`,
        from: `ann@${s.ws.domain}`,
        to: ['customer@client.example'],
      },
      // Through our own group, what says automated apart from the list still does.
      { thread: 'n4', at: AT, listId: `<support.${s.ws.domain}>`, precedence: 'bulk' },
      { thread: 'n5', at: AT, listId: `<support.${s.ws.domain}>`, autoSubmitted: 'auto-replied' },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', WEEK)).toMatchObject({ received: 4, automated: 5 });
  });
});
