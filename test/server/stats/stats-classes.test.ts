import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { insertContacts, insertGroup } from '../../../server/repos/contact-groups';
import { saveFiltering } from '../../../server/repos/filtering';
import { emptyExcludedFilters } from '../../../common/exclusions';
import { client } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { statsScenario } from '../support/stats';

// Internal, automated, excluded and counted messages (definitions 3 to 6 and 11), contact
// groups, breakdowns and the heatmap. 2026-11-23 is a Monday; Madrid is UTC+1.

type Summary = components['schemas']['StatsSummary'];
type Breakdown = components['schemas']['StatsBreakdown'];
type Timeseries = components['schemas']['StatsTimeseries'];

const t = setUpTestApp('cls');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const AT = '2026-11-23T09:00:00Z';

describe('what counts', () => {
  it('automated: Auto-Submitted other than no, an auto-responder mark, Precedence bulk/junk/list/auto_reply, List-Id or List-Unsubscribe, a report, a null Return-Path, a meeting response', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { thread: 'a1', at: AT, autoSubmitted: 'auto-replied' },
      { thread: 'a2', at: AT, autoSubmitted: 'Auto-Generated; owner-email="x@y.example"' },
      { thread: 'a3', at: AT, autoSubmitted: 'no' }, // counted
      { thread: 'a4', at: AT, precedence: 'bulk' },
      { thread: 'a5', at: AT, precedence: 'JUNK' },
      { thread: 'a6', at: AT, precedence: 'list' },
      { thread: 'a7', at: AT, precedence: 'first-class' }, // counted
      { thread: 'a8', at: AT, listId: '<news.lists.example>' },
      // Comments are not values (RFC 5322 CFWS, which RFC 3834 allows).
      { thread: 'a9', at: AT, autoSubmitted: 'No (sent by a person)' }, // counted
      { thread: 'a10', at: AT, autoSubmitted: '(vacation) auto-replied' },
      { thread: 'a11', at: AT, precedence: 'bulk (newsletter)' },
      { thread: 'a12', at: AT, autoSubmitted: 'no (by hand)' }, // counted
      // A bounce or read receipt (RFC 6522), though nothing else says it is automated.
      { thread: 'a13', at: AT, contentType: 'multipart/report' },
      { thread: 'a14', at: AT, contentType: 'multipart/mixed' }, // counted
      // "Accepted: Demo": a calendar's answer to an invitation waits for no reply.
      { thread: 'a15', at: AT, meetingResponse: true },
      { thread: 'a16', at: AT, meetingResponse: false }, // counted
      // A newsletter from a bulk sender with no List-Id or Precedence, as many now send them.
      { thread: 'a17', at: AT, listUnsubscribe: true },
      // What auto-responders without Auto-Submitted add, and a bounce of no report type.
      { thread: 'a18', at: AT, precedence: 'auto_reply' },
      { thread: 'a19', at: AT, autoReply: true },
      { thread: 'a20', at: AT, nullSender: true, contentType: 'text/plain' },
      // Our own auto-reply is outbound: not automated inbound (that is for inbound mail), and an
      // automatic answer, neither a reply nor sent (definition 6).
      {
        thread: 'a8',
        direction: 'outbound',
        at: '2026-11-23T10:00:00Z',
        autoSubmitted: 'auto-replied',
      },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', WEEK)).toMatchObject({
      received: 6,
      automated: 14,
      sent: 0,
      unreplied: 6,
      awaiting: 6,
    });
  });

  it('internal: every address of From, To and Cc has an allowed or internal domain', async () => {
    const s = await statsScenario(t);
    const colleague = `colleague@${s.ws.domain}`;
    await t.db.transaction((tx) =>
      saveFiltering(tx, s.ws.workspaceId, {
        excludedFilters: emptyExcludedFilters(),
        internalDomains: ['partner.example'],
      }),
    );
    await s.insert([
      { thread: 'i1', at: AT, from: colleague },
      { thread: 'i1', direction: 'outbound', to: [colleague], at: '2026-11-23T10:00:00Z' },
      { thread: 'i2', at: AT, from: 'someone@partner.example' },
      // One outside address in Cc makes a message external: a customer's is a request, a
      // colleague's is none (stats-colleagues.test.ts).
      { thread: 'i3', at: AT, from: 'customer@client.example', cc: [colleague] },
      { thread: 'i4', at: AT, from: colleague, cc: ['customer@client.example'] },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', WEEK)).toMatchObject({
      received: 1,
      internal: 3,
      sent: 0,
      awaiting: 1,
    });
  });

  it('excluded: rows are OR-ed; is, contains, *.domain, subject and label; counted nowhere', async () => {
    const s = await statsScenario(t);
    const filters = emptyExcludedFilters();
    filters.addresses.is = ['spam@client.example'];
    filters.domains.is = ['*.noise.example'];
    filters.domains.contains = ['promo'];
    filters.subject.contains = ['newsletter'];
    filters.subject.is = ['Out of office'];
    filters.labels.is = ['Promotions'];
    await t.db.transaction((tx) =>
      saveFiltering(tx, s.ws.workspaceId, { excludedFilters: filters, internalDomains: [] }),
    );
    await s.insert([
      { thread: 'e1', at: AT, from: 'SPAM@client.example' },
      { thread: 'e2', at: AT, from: 'a@mail.noise.example' },
      { thread: 'e3', at: AT, from: 'b@noise.example' },
      { thread: 'e4', at: AT, from: 'c@bestpromos.example' },
      { thread: 'e5', at: AT, subject: 'Our weekly NEWSLETTER' },
      { thread: 'e6', at: AT, subject: 'out of office' },
      { thread: 'e7', at: AT, labels: ['promotions'] },
      { thread: 'e8', at: AT, from: 'd@notnoise.example', subject: 'Out of office soon' },
      // An outbound message to an excluded address is no reply.
      {
        thread: 'e8',
        direction: 'outbound',
        to: ['spam@client.example'],
        at: '2026-11-23T10:00:00Z',
      },
      { thread: 'e9', at: AT, from: 'e@noise.example', autoSubmitted: 'auto-replied' },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', WEEK)).toMatchObject({
      received: 1,
      sent: 0,
      unreplied: 1,
      automated: 0,
      internal: 0,
    });
  });

  it('sent: every outbound message to someone outside, reply or not (an outreach thread)', async () => {
    const s = await statsScenario(t);
    // We write first (Monday 10:00 Madrid), the customer answers at 11:00, we answer at 12:30;
    // a forward to a colleague counts as internal, not as sent.
    await s.insert([
      { thread: 'o1', direction: 'outbound', at: '2026-11-23T09:00:00Z' },
      { thread: 'o1', at: '2026-11-23T10:00:00Z' },
      { thread: 'o1', direction: 'outbound', at: '2026-11-23T11:30:00Z' },
      {
        thread: 'o1',
        direction: 'outbound',
        to: [`colleague@${s.ws.domain}`],
        at: '2026-11-23T11:45:00Z',
      },
    ]);
    await s.rebuild();
    const counts = { received: 1, sent: 2, replied: 1, unreplied: 0, awaiting: 0, internal: 1 };
    const summary = await s.get<Summary>('summary', WEEK);
    expect(summary).toMatchObject(counts);
    // One request, answered in 1 h 30 min of business time; it is no first response (the
    // thread began outbound).
    expect(summary.response_time.business.median).toBe(5400);
    expect(summary.first_response_time.business.median).toBeNull();
    const days = await s.get<Timeseries>('timeseries', { ...WEEK, granularity: 'day' });
    expect(days.points.find((p) => p.period === '2026-11-23')).toMatchObject({ sent: 2 });
    const byMailbox = await s.get<Breakdown>('breakdown', { ...WEEK, by: 'mailbox' });
    expect(byMailbox.rows).toMatchObject([{ key: s.sales.email, ...counts }]);
    const csv = await client(t.app, s.ws.admin.token).get(
      `/portal/api/stats/export.csv?${new URLSearchParams({ ...WEEK, by: 'mailbox' }).toString()}`,
    );
    const [header, row] = csv.body.trim().split('\r\n');
    const sentAt = header!.split(',').indexOf('sent');
    expect(row!.split(',')[sentAt]).toBe('2');
  });

  it('a contact-group filter keeps messages whose counterpart is in the group', async () => {
    const s = await statsScenario(t);
    await t.db.transaction(async (tx) => {
      const vip = await insertGroup(tx, s.ws.workspaceId, 'VIP');
      await insertContacts(tx, s.ws.workspaceId, vip, [
        { kind: 'address', value: 'ceo@vip.example' },
        { kind: 'domain', value: 'vipcorp.example' },
      ]);
    });
    await s.insert([
      { thread: 'g1', at: AT, from: 'ceo@vip.example' },
      { thread: 'g1', direction: 'outbound', to: ['ceo@vip.example'], at: '2026-11-23T10:00:00Z' },
      { thread: 'g2', at: AT, from: 'anyone@vipcorp.example' },
      { thread: 'g3', at: AT, from: 'other@vip.example' },
    ]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', { ...WEEK, contact_groups: 'vip' })).toMatchObject({
      received: 2,
      sent: 1,
      replied: 1,
      awaiting: 1,
    });
    const byGroup = await s.get<Breakdown>('breakdown', { ...WEEK, by: 'contact_group' });
    expect(byGroup.rows.map((row) => [row.key, row.received])).toEqual([['VIP', 2]]);
    const byDomain = await s.get<Breakdown>('breakdown', { ...WEEK, by: 'domain' });
    expect(byDomain.rows.map((row) => [row.key, row.received, row.sent])).toEqual([
      ['vip.example', 2, 1],
      ['vipcorp.example', 1, 0],
    ]);
  });

  it('the heatmap counts counted inbound messages by weekday and hour, company timezone', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { thread: 'h1', at: '2026-11-23T09:15:00Z' }, // Mon 10
      { thread: 'h2', at: '2026-11-23T09:45:00Z' }, // Mon 10
      { thread: 'h3', at: '2026-11-28T23:30:00Z' }, // Sun 00
      { thread: 'h4', at: '2026-11-23T09:30:00Z', precedence: 'bulk' },
    ]);
    await s.rebuild();
    expect(await s.get('heatmap', WEEK)).toEqual({
      timezone: 'Europe/Madrid',
      cells: [
        { weekday: 'Mon', hour: 10, count: 2 },
        { weekday: 'Sun', hour: 0, count: 1 },
      ],
    });
  });
});
