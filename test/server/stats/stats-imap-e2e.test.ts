import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { emptyExcludedFilters } from '../../../common/exclusions';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { referenceBusinessSeconds } from '../../support/business-time';
import { addSyncedMailbox, message, readFromDovecot, secrets } from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';

// The statistics end to end: mail put into a real Dovecot, synced over IMAP by the sync worker
// (`mail:sync --wait`), settings set through the API, `stats:rebuild` through the CLI, then the
// API's figures equal the ones computed by hand below.
//
// Company hours Mon–Fri 09:00–17:30 Europe/Madrid (UTC+1 in February); 2026-02-09 is a Monday.
// Local times are given in the comments.

type Summary = components['schemas']['StatsSummary'];
type Breakdown = components['schemas']['StatsBreakdown'];
type Distribution = components['schemas']['StatsDistribution'];
type Page = components['schemas']['StatsUnrepliedPage'];

const t = setUpTestApp('e2e');
let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.close();
});

const HOURS = {
  timezone: 'Europe/Madrid',
  business_hours: (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((weekday) => ({
    weekday,
    start_time: '09:00:00',
    end_time: '17:30:00',
  })),
};
const WEEK = { from: '2026-02-09', to: '2026-02-15' };

const alice = 'Alice <alice@customer.example>';
const bob = 'bob@client.example';
const carol = 'carol@customer.example';
const dave = 'dave@partner.example';
const eve = 'eve@noise.example';
const frank = 'frank@client.example';
const grace = 'Grace <grace@customer.example>';
const heidi = 'heidi@client.example';

type Spec = Parameters<typeof message>[0];

/** The week's mail: what lands in INBOX and what in Sent, threaded by In-Reply-To/References. */
function week(sales: string, colleague: string) {
  const inbox: ReturnType<typeof message>[] = [];
  const sent: ReturnType<typeof message>[] = [];
  const got = (spec: Omit<Spec, 'to'>) => {
    const m = message({ ...spec, to: sales });
    inbox.push(m);
    return m;
  };
  const send = (spec: Omit<Spec, 'from'>) => {
    const m = message({ from: sales, ...spec });
    sent.push(m);
    return m;
  };
  const thread = (...ids: { id: string }[]) => ({
    inReplyTo: ids.at(-1)?.id,
    references: ids.map((m) => m.id).join(' '),
  });
  // T1, a run of two before a reply: Mon 10:00 and 11:00, answered Mon 12:00.
  const a1 = got({ from: alice, subject: 'Order', date: '2026-02-09T09:00:00Z' });
  const a2 = got({
    from: alice,
    subject: 'Re: Order',
    date: '2026-02-09T10:00:00Z',
    ...thread(a1),
  });
  send({ to: alice, subject: 'Re: Order', date: '2026-02-09T11:00:00Z', ...thread(a1, a2) });
  // T2, across a night: Mon 16:30, answered Tue 10:30.
  const b1 = got({ from: bob, subject: 'Invoice', date: '2026-02-09T15:30:00Z' });
  send({ to: bob, subject: 'Re: Invoice', date: '2026-02-10T09:30:00Z', ...thread(b1) });
  // T3, an auto-reply (RFC 3834): automated, counted nowhere else.
  got({
    from: carol,
    subject: 'Out of office',
    date: '2026-02-09T12:00:00Z',
    headers: ['Auto-Submitted: auto-replied'],
  });
  // T4, internal: partner.example becomes an internal domain; both messages are internal.
  const d1 = got({ from: dave, subject: 'Lunch', date: '2026-02-10T08:00:00Z' });
  send({ to: dave, subject: 'Re: Lunch', date: '2026-02-10T08:30:00Z', ...thread(d1) });
  // T5, an excluded sender (and the reply to it, whose recipient is excluded): nowhere.
  const e1 = got({ from: eve, subject: 'Offer', date: '2026-02-10T11:00:00Z' });
  send({ to: eve, subject: 'Re: Offer', date: '2026-02-10T11:15:00Z', ...thread(e1) });
  // T6, Tue 11:00, forwarded to a colleague at 11:30 (internal, not a reply), answered Wed 09:00.
  const f1 = got({ from: frank, subject: 'Contract', date: '2026-02-10T10:00:00Z' });
  const f2 = send({
    to: colleague,
    subject: 'Fwd: Contract',
    date: '2026-02-10T10:30:00Z',
    ...thread(f1),
  });
  send({ to: frank, subject: 'Re: Contract', date: '2026-02-11T08:00:00Z', ...thread(f1, f2) });
  // T7, unreplied: Wed 14:00.
  got({ from: grace, subject: 'Where is my parcel?', date: '2026-02-11T13:00:00Z' });
  // T8, two requests: Wed 10:00 answered 10:10; again Wed 11:00, answered Thu 09:30.
  const h1 = got({ from: heidi, subject: 'Setup', date: '2026-02-11T09:00:00Z' });
  const h2 = send({ to: heidi, subject: 'Re: Setup', date: '2026-02-11T09:10:00Z', ...thread(h1) });
  const h3 = got({
    from: heidi,
    subject: 'Re: Setup',
    date: '2026-02-11T10:00:00Z',
    ...thread(h1, h2),
  });
  send({ to: heidi, subject: 'Re: Setup', date: '2026-02-12T08:30:00Z', ...thread(h1, h2, h3) });
  return { inbox, sent };
}

/**
 * The next week, in the folders people file mail into: a customer's message archived before the
 * first sync, answered from Sent; spam, trash and a draft that count nowhere; and a waiting
 * message in INBOX that is moved to the trash after the first sync.
 */
function nextWeek(sales: string) {
  const ivan = 'Ivan <ivan@client.example>';
  // Mon 16 10:00, answered 11:00.
  const archived = message({
    from: ivan,
    to: sales,
    subject: 'Archived order',
    date: '2026-02-16T09:00:00Z',
  });
  const reply = message({
    from: sales,
    to: ivan,
    subject: 'Re: Archived order',
    inReplyTo: archived.id,
    references: archived.id,
    date: '2026-02-16T10:00:00Z',
  });
  const spam = message({
    from: 'win@lottery.example',
    to: sales,
    subject: 'You won',
    date: '2026-02-17T09:00:00Z',
  });
  const trash = message({
    from: 'judy@client.example',
    to: sales,
    subject: 'Ignore me',
    date: '2026-02-17T10:00:00Z',
  });
  const draft = message({ from: sales, to: ivan, subject: 'Draft', date: '2026-02-17T11:00:00Z' });
  // Wed 18 10:00, waiting.
  const waiting = message({
    from: 'kim@client.example',
    to: sales,
    subject: 'Hello?',
    date: '2026-02-18T09:00:00Z',
  });
  return { archived, reply, spam, trash, draft, waiting };
}
const NEXT_WEEK = { from: '2026-02-16', to: '2026-02-22' };
const hour = { avg: 3600, median: 3600, p90: 3600 };

const times = (avg: number | null, median: number | null, p90: number | null) => ({
  avg,
  median,
  p90,
});

// Requests (business s, calendar s), answered ones:
//   T1 Mon 10:00 → 12:00:               7200 /  7200 (first of its thread)
//   T2 Mon 16:30 → Tue 10:30: 1 h + 1.5 h = 9000 / 18 h = 64800 (first)
//   T6 Tue 11:00 → Wed 09:00: 6.5 h Tue + 0 = 23400 / 22 h = 79200 (first)
//   T8a Wed 10:00 → 10:10:                600 /   600 (first)
//   T8b Wed 11:00 → Thu 09:30: 6.5 h + 0.5 h = 25200 / 22.5 h = 81000 (not first)
//   T7 waits (no time).
const SUMMARY: Summary = {
  // Counted inbound: T1 2, T2 1, T6 1, T7 1, T8 2.
  received: 7,
  // Replies: T1 1, T2 1, T6 1 (not the forward), T8 2.
  sent: 5,
  // Every counted inbound but T7's.
  replied: 6,
  unreplied: 1,
  // T7.
  awaiting: 1,
  // T4's two messages and T6's forward (every address internal).
  internal: 3,
  // T3.
  automated: 1,
  response_time: {
    // Business sorted 600, 7200, 9000, 23400, 25200: avg 65400/5; median the middle;
    // p90 at rank 0.9·4 = 3.6: 23400 + 0.6·(25200 − 23400).
    business: times(13080, 9000, 24480),
    // Calendar sorted 600, 7200, 64800, 79200, 81000: avg 232800/5; p90 79200 + 0.6·1800.
    calendar: times(46560, 64800, 80280),
  },
  first_response_time: {
    // T1, T2, T6, T8a: 600, 7200, 9000, 23400: avg 40200/4; median (7200 + 9000)/2;
    // p90 at rank 0.9·3 = 2.7: 9000 + 0.7·(23400 − 9000).
    business: times(10050, 8100, 19080),
    // 600, 7200, 64800, 79200: avg 151800/4; median (7200 + 64800)/2; p90 64800 + 0.7·14400.
    calendar: times(37950, 36000, 74880),
  },
  // Within 2 h of business time: 600 and 7200 of the five answered.
  within_target: { target_seconds: 7200, share: 0.4 },
};

const EMPTY_TIMES = { business: times(null, null, null), calendar: times(null, null, null) };
const quiet = { received: 0, sent: 0, replied: 0, unreplied: 0, awaiting: 0, automated: 0 };

/** By counterpart domain: a request goes to its first message's sender's domain. */
function byDomain(workspaceDomain: string): Breakdown['rows'] {
  const rows: Breakdown['rows'] = [
    {
      key: 'client.example',
      // bob 1, frank 1, heidi 2; all answered, by T2, T6, T8's two replies.
      ...{ received: 4, sent: 4, replied: 4, unreplied: 0, awaiting: 0, internal: 0 },
      automated: 0,
      response_time: {
        // 600, 9000, 23400, 25200: avg 58200/4; median (9000 + 23400)/2; p90 23400 + 0.7·1800.
        business: times(14550, 16200, 24660),
        // 600, 64800, 79200, 81000: avg 225600/4; median (64800 + 79200)/2; p90 79200 + 0.7·1800.
        calendar: times(56400, 72000, 80460),
      },
      first_response_time: {
        // T2, T6, T8a: 600, 9000, 23400: avg 33000/3; p90 at rank 1.8: 9000 + 0.8·14400.
        business: times(11000, 9000, 20520),
        // 600, 64800, 79200: avg 144600/3; p90 64800 + 0.8·14400.
        calendar: times(48200, 64800, 76320),
      },
      // 600 of four.
      within_target: { target_seconds: 7200, share: 0.25 },
    },
    {
      key: 'customer.example',
      // alice 2 (answered once), grace 1 (waiting); carol's auto-reply.
      ...{ received: 3, sent: 1, replied: 2, unreplied: 1, awaiting: 1, internal: 0 },
      automated: 1,
      // T1 alone is answered (T7's request waits): 7200 both ways.
      response_time: { business: times(7200, 7200, 7200), calendar: times(7200, 7200, 7200) },
      first_response_time: {
        business: times(7200, 7200, 7200),
        calendar: times(7200, 7200, 7200),
      },
      within_target: { target_seconds: 7200, share: 1 },
    },
    // T4 in and out.
    { key: 'partner.example', ...quiet, internal: 2, ...noTimes() },
    // T6's forward to the colleague.
    { key: workspaceDomain, ...quiet, internal: 1, ...noTimes() },
  ];
  return rows.sort((a, b) => (a.key < b.key ? -1 : 1));
}

function noTimes() {
  return {
    response_time: EMPTY_TIMES,
    first_response_time: EMPTY_TIMES,
    within_target: { target_seconds: 7200, share: null },
  };
}

describe('statistics from mail synced out of Dovecot', () => {
  it('answers the hand-computed figures after settings, sync and stats:rebuild', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const sales = `sales@${ws.domain}`;
    const cli = (line: string) =>
      executeArgv(
        { db: t.db, config: loadConfig({}), secrets: () => Promise.resolve(secrets) },
        line.split(' '),
      );
    const get = async <T>(path: string, query: Record<string, string> = {}) => {
      const params = new URLSearchParams({ ...WEEK, ...query });
      const reply = await admin.get(`/portal/api/stats/${path}?${params.toString()}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<T>();
    };

    expect(
      (await admin.post('/portal/api/settings/company-business-hours/', HOURS)).statusCode,
    ).toBe(200);
    await dovecot.addUser(sales);
    await readFromDovecot(t.db, ws.workspaceId, dovecot);
    await addSyncedMailbox(t.db, ws.workspaceId, sales, '2026-02-01');
    const mail = week(sales, `colleague@${ws.domain}`);
    await dovecot.append(sales, 'INBOX', mail.inbox);
    await dovecot.append(sales, 'Sent', mail.sent);
    const later = nextWeek(sales);
    await dovecot.append(sales, 'Archive', [later.archived]);
    await dovecot.append(sales, 'Sent', [later.reply]);
    await dovecot.append(sales, 'Junk', [later.spam]);
    await dovecot.append(sales, 'Trash', [later.trash]);
    await dovecot.append(sales, 'Drafts', [later.draft]);
    await dovecot.append(sales, 'INBOX', [later.waiting]);
    const sync = () => cli(`mail:sync --workspace ${ws.workspaceId} --mailbox ${sales} --wait`);
    expect(await sync()).toEqual({ stdout: [`${sales}: in`], stderr: [], code: 0 });

    // Synced before the exclusion and the internal domain existed: eve's and dave's threads count.
    expect(await get<Summary>('summary')).toMatchObject({ received: 9, sent: 7, internal: 1 });

    const filters = emptyExcludedFilters();
    filters.addresses.is = ['eve@noise.example'];
    const saved = await admin.post('/portal/api/settings/filtering-settings/', {
      filtering_settings: { excluded_filters: filters, internal_domains: ['partner.example'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rebuilt = await cli(`stats:rebuild --workspace ${ws.workspaceId}`);
    expect(rebuilt.code, rebuilt.stderr.join('\n')).toBe(0);

    expect(await get<Summary>('summary')).toEqual(SUMMARY);
    expect(await get<Breakdown>('breakdown', { by: 'mailbox' })).toEqual({
      by: 'mailbox',
      rows: [{ key: sales, ...SUMMARY }],
    });
    expect(await get<Breakdown>('breakdown', { by: 'domain' })).toEqual({
      by: 'domain',
      rows: byDomain(ws.domain),
    });
    expect(await get<Distribution>('distribution')).toEqual({
      // T8a (600 s).
      under_1h: 1,
      // T1 (2 h) and T2 (2.5 h).
      from_1h_to_4h: 2,
      // T6 (6.5 h) and T8b (7 h).
      from_4h_to_24h: 2,
      from_1d_to_3d: 0,
      over_3d: 0,
      // T7.
      still_waiting: 1,
    });

    const before = Date.now();
    const page = await get<Page>('unreplied');
    const after = Date.now();
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 50 });
    const [row] = page.unreplied;
    expect(row).toMatchObject({
      mailbox: sales,
      from: 'grace@customer.example',
      subject: 'Where is my parcel?',
      received: '2026-02-11T13:00:00.000Z',
    });
    // Waiting from Wed 14:00 until the request: between the clock read before and after it.
    const received = new Date('2026-02-11T13:00:00Z');
    const hours = {
      timezone: 'Europe/Madrid',
      allTime: false,
      days: Object.fromEntries([1, 2, 3, 4, 5].map((d) => [d, ['09:00:00', '17:30:00'] as const])),
    };
    const business = (until: number) => referenceBusinessSeconds(hours, received, new Date(until));
    expect(row?.waiting.calendar).toBeGreaterThanOrEqual(
      Math.floor((before - received.getTime()) / 1000),
    );
    expect(row?.waiting.calendar).toBeLessThanOrEqual(
      Math.ceil((after - received.getTime()) / 1000),
    );
    expect(row?.waiting.business).toBeGreaterThanOrEqual(Math.floor(business(before)));
    expect(row?.waiting.business).toBeLessThanOrEqual(Math.ceil(business(after)));

    // The next week: the archived thread counts, spam, trash and the draft do not.
    const nextSummary = () => get<Summary>('summary', NEXT_WEEK);
    expect(await nextSummary()).toEqual({
      ...{ received: 2, sent: 1, replied: 1, unreplied: 1, awaiting: 1, internal: 0 },
      automated: 0,
      response_time: { business: hour, calendar: hour },
      first_response_time: { business: hour, calendar: hour },
      within_target: { target_seconds: 7200, share: 1 },
    });
    // Moved to the trash after it was stored: it leaves the figures at the next sync.
    await dovecot.move(sales, 'INBOX', 'Trash', [later.waiting.id]);
    expect(await sync()).toEqual({ stdout: [`${sales}: in`], stderr: [], code: 0 });
    expect(await nextSummary()).toMatchObject({ received: 1, unreplied: 0, awaiting: 0 });
    expect(await get<Summary>('summary')).toEqual(SUMMARY);
  });
});
