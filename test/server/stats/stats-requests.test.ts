import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { replaceMailboxHours } from '../../../server/repos/business-hours';
import { setUpTestApp } from '../support/suite';
import { addMailbox, statsScenario } from '../support/stats';

// Requests and response times (definitions 6, 7 and 9), against hand-computed answers. Company
// hours are Monday to Friday 09:00–17:30 Europe/Madrid; 2026-11-23 is a Monday (UTC+1).

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('req');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const H = 3600;

const times = (avg: number | null, median: number | null, p90: number | null) => ({
  avg,
  median,
  p90,
});
const NONE = times(null, null, null);

describe('requests', () => {
  it('a run of several inbound messages is one request, waiting from its first message', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { at: '2026-11-23T09:00:00Z' }, // Mon 10:00
      { at: '2026-11-23T10:00:00Z' },
      { at: '2026-11-23T11:00:00Z' },
      { direction: 'outbound', at: '2026-11-23T12:00:00Z' }, // Mon 13:00: 3 h
      { at: '2026-11-23T13:00:00Z' }, // Mon 14:00
      { direction: 'outbound', at: '2026-11-24T09:00:00Z' }, // Tue 10:00: 3.5 h + 1 h, 20 h
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', { ...WEEK, target: String(3 * H) });
    expect(summary).toEqual({
      received: 4,
      sent: 2,
      replied: 4,
      unreplied: 0,
      awaiting: 0,
      internal: 0,
      automated: 0,
      response_time: {
        business: times(13500, 13500, 10800 + 0.9 * 5400),
        calendar: times(41400, 41400, 10800 + 0.9 * 61200),
      },
      first_response_time: {
        business: times(10800, 10800, 10800),
        calendar: times(10800, 10800, 10800),
      },
      within_target: { target_seconds: 3 * H, share: 0.5 },
    });
  });

  it('skips the weekend and business time never runs outside the hours', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { thread: 'weekend', at: '2026-11-27T15:00:00Z' }, // Fri 16:00
      { thread: 'weekend', direction: 'outbound', at: '2026-11-30T08:30:00Z' }, // Mon 09:30
      // A reply before the first message's business day opens: Mon 20:00 → Tue 07:00.
      { thread: 'early', at: '2026-11-23T19:00:00Z' },
      { thread: 'early', direction: 'outbound', at: '2026-11-24T06:00:00Z' },
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', { from: '2026-11-23', to: '2026-11-30' });
    // Weekend: 1.5 h Friday + 0.5 h Monday; 65.5 h calendar. Early: 0 business, 11 h calendar.
    expect(summary.response_time.business).toEqual(times(3600, 3600, 6480));
    expect(summary.response_time.calendar).toEqual(times(137700, 137700, 216180));
    const distribution = await s.get('distribution', { from: '2026-11-23', to: '2026-11-30' });
    expect(distribution).toEqual({
      under_1h: 1,
      from_1h_to_4h: 1,
      from_4h_to_24h: 0,
      from_1d_to_3d: 0,
      over_3d: 0,
      still_waiting: 0,
    });
  });

  it('honours both daylight-saving changes, Custom and Ignored mailboxes', async () => {
    const s = await statsScenario(t);
    const sunday = await addMailbox(t.db, s.ws.workspaceId, `sunday@${s.ws.domain}`);
    const ny = await addMailbox(t.db, s.ws.workspaceId, `ny@${s.ws.domain}`);
    const ignored = await addMailbox(t.db, s.ws.workspaceId, `ignored@${s.ws.domain}`);
    const own = (mailboxId: number, timezone: string, days: [string, string, string][]) =>
      t.db.transaction((tx) =>
        replaceMailboxHours(tx, s.ws.workspaceId, mailboxId, {
          timezone,
          business_hours: days.map(([weekday, start_time, end_time]) => ({
            weekday: weekday as 'Mon',
            start_time,
            end_time,
          })),
        }),
      );
    await own(sunday.mailboxId, 'Europe/Madrid', [['Sun', '00:00:00', '23:30:00']]);
    await own(ny.mailboxId, 'America/New_York', [['Mon', '09:00:00', '17:00:00']]);
    const allDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    await own(
      ignored.mailboxId,
      'Europe/Madrid',
      allDays.map((day) => [day, '00:00:00', '23:59:59']),
    );
    await s.insert(
      [
        // Spring forward: Sunday 29 March has 22.5 h of 00:00–23:30; 32 h calendar.
        { thread: 'spring', at: '2026-03-28T23:00:00Z' },
        { thread: 'spring', direction: 'outbound', at: '2026-03-30T07:00:00Z' },
        // Fall back: Sunday 25 October has 24.5 h; 34 h calendar.
        { thread: 'fall', at: '2026-10-24T22:00:00Z' },
        { thread: 'fall', direction: 'outbound', at: '2026-10-26T08:00:00Z' },
      ],
      sunday,
    );
    // New York Monday 08:00 → 11:00: 2 h of its own hours (the company's would give 3 h).
    await s.insert(
      [{ at: '2026-11-23T13:00:00Z' }, { direction: 'outbound', at: '2026-11-23T16:00:00Z' }],
      ny,
    );
    // Saturday, 2 h: all of it for an Ignored mailbox.
    await s.insert(
      [{ at: '2026-11-28T10:00:00Z' }, { direction: 'outbound', at: '2026-11-28T12:00:00Z' }],
      ignored,
    );
    await s.rebuild();
    const rows = await s.get<components['schemas']['StatsBreakdown']>('breakdown', {
      from: '2026-01-01',
      to: '2026-12-31',
      by: 'mailbox',
    });
    const business = Object.fromEntries(
      rows.rows.map(
        (row) => [row.key.split('@')[0] ?? '', row.response_time.business.avg] as const,
      ),
    );
    expect(business).toEqual({ sunday: (81000 + 88200) / 2, ny: 2 * H, ignored: 2 * H });
    const sundayRow = rows.rows.find((row) => row.key.startsWith('sunday@'));
    expect(sundayRow?.response_time.calendar.avg).toBe(((32 + 34) * H) / 2);
  });

  it('a forward to a colleague is no reply; a thread begun by us has no first response', async () => {
    // Sent counts every outbound message to someone outside: not the forward, but the message
    // that begins a thread as well as the replies.
    const s = await statsScenario(t);
    const colleague = `colleague@${s.ws.domain}`;
    await s.insert([
      { thread: 'fwd', at: '2026-11-23T09:00:00Z' }, // Mon 10:00
      { thread: 'fwd', direction: 'outbound', to: [colleague], at: '2026-11-23T10:00:00Z' },
      { thread: 'fwd', direction: 'outbound', at: '2026-11-23T11:00:00Z' }, // reply, 2 h
      { thread: 'ours', direction: 'outbound', at: '2026-11-24T09:00:00Z' },
      { thread: 'ours', at: '2026-11-24T10:00:00Z' },
      { thread: 'ours', direction: 'outbound', at: '2026-11-24T11:00:00Z' }, // 1 h
    ]);
    await s.rebuild();
    const summary = await s.get<Summary>('summary', WEEK);
    expect(summary).toMatchObject({ received: 2, sent: 3, replied: 2, internal: 1 });
    expect(summary.response_time.business).toEqual(times(5400, 5400, 6840));
    expect(summary.first_response_time).toEqual({
      business: times(7200, 7200, 7200),
      calendar: times(7200, 7200, 7200),
    });
  });

  it('a range cuts a thread: requests count on their first message, replies on theirs', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { at: '2026-11-23T09:00:00Z' }, // Mon 10:00
      { direction: 'outbound', at: '2026-11-25T09:00:00Z' }, // Wed 10:00: 17 h business
    ]);
    await s.rebuild();
    const monday = await s.get<Summary>('summary', { from: '2026-11-23', to: '2026-11-23' });
    expect(monday).toMatchObject({ received: 1, replied: 1, sent: 0 });
    expect(monday.response_time.business).toEqual(times(17 * H, 17 * H, 17 * H));
    const later = await s.get<Summary>('summary', { from: '2026-11-24', to: '2026-11-25' });
    expect(later).toMatchObject({ received: 0, sent: 1, replied: 0 });
    expect(later.response_time.business).toEqual(NONE);
    expect(later.within_target.share).toBeNull();
  });
});
