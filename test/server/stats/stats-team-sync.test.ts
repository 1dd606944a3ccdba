import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/suite';
import { teamProvidersForFile, teamWorkspace } from '../support/team-sync';

// The team's conversation (docs/statistics.md, definitions 2, 6 and 7) through the sync worker
// of each connector: the mail of sales@, alice@ and bob@ of one workspace, put in Dovecot, the
// Gmail or the Graph stand-in as each provider keeps it, synced mailbox by mailbox, each batch
// refreshing its conversations as the server's worker does. Each case is one conversation with
// its figures worked out by hand beside it; each holds after the syncs and after a rebuild.
//
// Tuesday 2026-02-10 and Wednesday 2026-02-11, no company hours (business time is calendar
// time, every second counts), dates in UTC.

const suite = setUpTestApp('team-sync');
const providers = teamProvidersForFile();
const DAYS = { from: '2026-02-10', to: '2026-02-11' };
const at = (day: number, time: string) => `2026-02-${day}T${time}:00Z`;
const CARLA = 'carla@client.example';
const same = (seconds: number) => ({ avg: seconds, median: seconds, p90: seconds });

describe.each(providers)('the team conversation, through $name', ({ provider }) => {
  it("an answer from alice@ that does not copy sales@ answers sales@'s request", async () => {
    const mail = provider();
    const team = await teamWorkspace(suite, mail);
    // 09:00 Carla asks sales@; 10:30 Alice answers from alice@, naming Carla's message.
    await mail.put(team.sales, 'inbox', {
      thread: 'c1',
      at: at(10, '09:00'),
      from: CARLA,
      to: [team.sales],
      subject: 'Broken pump',
      messageId: '<c1@client.example>',
    });
    await mail.put(team.alice, 'sent', {
      thread: 'a1',
      at: at(10, '10:30'),
      from: team.alice,
      to: [CARLA],
      subject: 'Re: Broken pump',
      messageId: '<a1@team.example>',
      inReplyTo: '<c1@client.example>',
      references: ['<c1@client.example>'],
    });
    // The answer is stored first: sales@'s batch finds the message naming its request.
    await team.sync(team.alice, team.sales);
    // 09:00 → 10:30: replied after 5400 s. Graph gives a sent item no internet headers, so
    // Alice's answer names no message (PidTagInReplyToId, 0x1042, is not read): it joins by its
    // subject when sales@'s batch brings Carla's request (definition 2).
    const expected = {
      sales: { received: 1, replied: 1, unreplied: 0, awaiting: 0, sent: 0 },
      all: { received: 1, replied: 1, unreplied: 0, awaiting: 0, sent: 1 },
    };
    const check = async () => {
      const sales = await team.summary(DAYS, team.sales);
      expect(sales).toMatchObject(expected.sales);
      expect(await team.summary(DAYS)).toMatchObject(expected.all);
      expect(sales.response_time).toEqual({ business: same(5400), calendar: same(5400) });
      expect(sales.first_response_time.calendar).toEqual(same(5400));
    };
    await check();
    await team.rebuild();
    await check();
  });

  it('a message To sales@, Cc bob@ counts once over both, and answered in each', async () => {
    const mail = provider();
    const team = await teamWorkspace(suite, mail);
    // 09:00 Carla writes To sales@, Cc bob@: one message, a copy in each mailbox.
    const question = {
      at: at(10, '09:00'),
      from: CARLA,
      to: [team.sales],
      cc: [team.bob],
      subject: 'Quote for 40 pumps',
      messageId: '<c2@client.example>',
    };
    await mail.put(team.sales, 'inbox', { ...question, thread: 's2' });
    await mail.put(team.bob, 'inbox', { ...question, thread: 'b2' });
    // 09:20 sales@ answers Carla, in its own thread: replied after 1200 s.
    await mail.put(team.sales, 'sent', {
      thread: 's2',
      at: at(10, '09:20'),
      from: team.sales,
      to: [CARLA],
      subject: 'Re: Quote for 40 pumps',
      messageId: '<s2@team.example>',
      inReplyTo: '<c2@client.example>',
      references: ['<c2@client.example>'],
    });
    await team.sync();
    const twenty = { business: same(1200), calendar: same(1200) };
    const check = async () => {
      // Over sales@ and bob@: the one request, answered; the one answer.
      const both = await team.summary(DAYS, team.sales, team.bob);
      expect(both).toMatchObject({ received: 1, replied: 1, unreplied: 0, awaiting: 0, sent: 1 });
      expect(both.response_time).toEqual(twenty);
      expect(await team.summary(DAYS)).toMatchObject({ received: 1, replied: 1, sent: 1 });
      // bob@ alone: its copy of the request, answered by sales@ (bob@ sent nothing).
      const bob = await team.summary(DAYS, team.bob);
      expect(bob).toMatchObject({ received: 1, replied: 1, unreplied: 0, awaiting: 0, sent: 0 });
      expect(bob.response_time).toEqual(twenty);
    };
    await check();
    await team.rebuild();
    await check();
  });

  it('an answer answers only the requests whose sender it reaches', async () => {
    const mail = provider();
    const team = await teamWorkspace(suite, mail);
    const ivan = 'ivan@homes.example';
    const installer = 'ops@installer.example';
    const thread = { thread: 'i', subject: 'New boiler' };
    // Tuesday 09:00 Ivan asks sales@; 10:00 the installer writes in the same thread.
    await mail.put(team.sales, 'inbox', {
      ...thread,
      at: at(10, '09:00'),
      from: ivan,
      to: [team.sales],
      messageId: '<i1@homes.example>',
    });
    await mail.put(team.sales, 'inbox', {
      ...thread,
      at: at(10, '10:00'),
      from: installer,
      to: [team.sales],
      messageId: '<i2@installer.example>',
      inReplyTo: '<i1@homes.example>',
      references: ['<i1@homes.example>'],
    });
    // 10:20 sales@ answers the installer alone; Wednesday 09:00 it answers Ivan.
    await mail.put(team.sales, 'sent', {
      ...thread,
      at: at(10, '10:20'),
      from: team.sales,
      to: [installer],
      messageId: '<s3@team.example>',
      inReplyTo: '<i2@installer.example>',
      references: ['<i1@homes.example>', '<i2@installer.example>'],
    });
    await mail.put(team.sales, 'sent', {
      ...thread,
      at: at(11, '09:00'),
      from: team.sales,
      to: [ivan],
      messageId: '<s4@team.example>',
      inReplyTo: '<i1@homes.example>',
      references: ['<i1@homes.example>'],
    });
    await team.sync();
    // Two requests: the installer's, 10:00 → 10:20 = 1200 s; Ivan's, Tuesday 09:00 →
    // Wednesday 09:00 = 86400 s (the 10:20 answer did not reach him). Average and median
    // (1200 + 86400) / 2 = 43800; p90 at rank 0.9: 1200 + 0.9 · 85200 = 77880.
    const times = { avg: 43800, median: 43800, p90: 77880 };
    const check = async () => {
      const summary = await team.summary(DAYS);
      expect(summary).toMatchObject({ received: 2, replied: 2, unreplied: 0, awaiting: 0 });
      expect(summary.sent).toBe(2);
      expect(summary.response_time).toEqual({ business: times, calendar: times });
      // The conversation's first request is Ivan's.
      expect(summary.first_response_time).toEqual({ business: same(86400), calendar: same(86400) });
    };
    await check();
    await team.rebuild();
    await check();
  });
});
