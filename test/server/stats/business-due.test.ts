import { describe, expect, it } from 'vitest';
import { replaceCompanyHours, replaceMailboxHours } from '../../../server/repos/business-hours';
import { addHolidays } from '../../../server/repos/holidays';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { setUpTestApp } from '../support/suite';
import { addMailbox } from '../support/stats';

const t = setUpTestApp('bd');

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const ALL_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
type Weekday = (typeof ALL_DAYS)[number];
const hours = (days: readonly Weekday[], start_time: string, end_time: string) =>
  days.map((weekday) => ({ weekday, start_time, end_time }));
const H = 3600;

/**
 * Company hours Mon–Fri 09:00–17:00 UTC on `utc@`; Mon–Fri 09:00–17:30 Madrid on `madrid@`;
 * Sundays 00:00–23:30 New York on `ny@` (the spring-forward change falls inside them); Ignored
 * (all of the time) on `ignored@`; a rebuilt snapshot.
 */
async function workspaceWithHours() {
  const ws = await t.workspace();
  const mailbox = (name: string) => addMailbox(t.db, ws.workspaceId, `${name}@${ws.domain}`);
  const [utc, madrid, ny, ignored] = [
    await mailbox('utc'),
    await mailbox('madrid'),
    await mailbox('ny'),
    await mailbox('ignored'),
  ];
  await t.db.transaction(async (tx) => {
    const id = ws.workspaceId;
    await replaceCompanyHours(tx, id, {
      timezone: 'UTC',
      business_hours: hours(WEEK, '09:00:00', '17:00:00'),
    });
    await replaceMailboxHours(tx, id, madrid.mailboxId, {
      timezone: 'Europe/Madrid',
      business_hours: hours(WEEK, '09:00:00', '17:30:00'),
    });
    await replaceMailboxHours(tx, id, ny.mailboxId, {
      timezone: 'America/New_York',
      business_hours: hours(['Sun'], '00:00:00', '23:30:00'),
    });
    await replaceMailboxHours(tx, id, ignored.mailboxId, {
      timezone: 'UTC',
      business_hours: hours(ALL_DAYS, '00:00:00', '23:59:59'),
    });
  });
  await rebuildWorkspaceStats(t.db, ws.workspaceId);
  const ids = { utc, madrid, ny, ignored };
  return { workspaceId: ws.workspaceId, box: (name: keyof typeof ids) => ids[name].mailboxId };
}

interface DueCase {
  mailboxId: number;
  from: string;
  seconds: number;
}

/** Each case's due instant, and the business seconds from its start to it and to 1 s before. */
async function dueOf(workspaceId: number, cases: DueCase[]) {
  const rows = await t.db.query<{ due: string | null; at_due: number; before_due: number }>(
    `select d.due, business_seconds($1, c.mailbox_id, c.from_at, d.due) as at_due,
            business_seconds($1, c.mailbox_id, c.from_at, d.due - interval '1 second') as before_due
       from unnest($2::int[], $3::timestamptz[], $4::bigint[]) with ordinality
              as c(mailbox_id, from_at, seconds, n)
       join stats_state s on s.workspace_id = $1
       cross join lateral (select stats_business_due($1, s.current_generation, c.mailbox_id,
                                                     c.from_at, c.seconds) as due) d
      order by c.n`,
    [
      workspaceId,
      cases.map((c) => c.mailboxId),
      cases.map((c) => c.from),
      cases.map((c) => c.seconds),
    ],
  );
  return rows.map((row) => ({ ...row, due: row.due && new Date(row.due).toISOString() }));
}

describe('the instant a wait reaches a business time (stats_business_due)', () => {
  it('gives the hand-computed instants across a night, a weekend, DST changes and all-time hours', async () => {
    const { workspaceId, box } = await workspaceWithHours();
    // 2027-03-05 is a Friday. Madrid moves to summer time on Sunday 2027-03-28, New York on
    // Sunday 2027-03-14 (02:00 local is skipped).
    const cases: [DueCase, string][] = [
      // Tuesday 16:30 + 1 h: half an hour that day, half the next morning.
      [{ mailboxId: box('utc'), from: '2027-03-02T16:30:00Z', seconds: H }, '2027-03-03T09:30:00Z'],
      // Friday 16:55 + 10 min: 5 min on Friday, 5 on Monday.
      [
        { mailboxId: box('utc'), from: '2027-03-05T16:55:00Z', seconds: 600 },
        '2027-03-08T09:05:00Z',
      ],
      // Reaching it exactly at the close of the day.
      [{ mailboxId: box('utc'), from: '2027-03-08T16:00:00Z', seconds: H }, '2027-03-08T17:00:00Z'],
      // Saturday: the first business second is Monday's.
      [{ mailboxId: box('utc'), from: '2027-03-06T12:00:00Z', seconds: 1 }, '2027-03-08T09:00:01Z'],
      // Fractions of a second are kept.
      [
        { mailboxId: box('utc'), from: '2027-03-08T10:00:00.250Z', seconds: 60 },
        '2027-03-08T10:01:00.250Z',
      ],
      // 50 h from Monday 09:00: the week's 40, then Monday's 8 and Tuesday's first 2.
      [
        { mailboxId: box('utc'), from: '2027-03-08T09:00:00Z', seconds: 50 * H },
        '2027-03-16T11:00:00Z',
      ],
      // Madrid, Friday 17:00 CET (16:00Z) + 1 h: 30 min to 17:30 CET, then Monday from 09:00
      // CEST, which is 07:00Z after the change.
      [
        { mailboxId: box('madrid'), from: '2027-03-26T16:00:00Z', seconds: H },
        '2027-03-29T07:30:00Z',
      ],
      // New York's spring-forward Sunday from 00:00 EST (05:00Z): 4 h end at 05:00 EDT (09:00Z),
      // its 00:00–23:30 hours hold 22.5 h and end at 23:30 EDT (03:30Z Monday).
      [
        { mailboxId: box('ny'), from: '2027-03-14T05:00:00Z', seconds: 4 * H },
        '2027-03-14T09:00:00Z',
      ],
      [
        { mailboxId: box('ny'), from: '2027-03-14T05:00:00Z', seconds: 22.5 * H },
        '2027-03-15T03:30:00Z',
      ],
      // One more second waits a week for the next Sunday, 00:00 EDT (04:00Z).
      [
        { mailboxId: box('ny'), from: '2027-03-14T05:00:00Z', seconds: 22.5 * H + 1 },
        '2027-03-21T04:00:01Z',
      ],
      // Ignored: every second counts, weekend included.
      [
        { mailboxId: box('ignored'), from: '2027-03-06T12:00:00Z', seconds: 600 },
        '2027-03-06T12:10:00Z',
      ],
    ];
    const rows = await dueOf(
      workspaceId,
      cases.map(([c]) => c),
    );
    expect(rows.map((row) => row.due)).toEqual(cases.map(([, due]) => new Date(due).toISOString()));
    // The inverse of stats_business_seconds: reached at the instant, not one second before.
    expect(rows.map((row) => row.at_due)).toEqual(cases.map(([c]) => c.seconds));
    for (const [i, row] of rows.entries())
      expect(row.before_due).toBeLessThan(cases[i]![0].seconds);
  });

  it('gives the start for no seconds, and nothing beyond its 400-day horizon', async () => {
    const { workspaceId, box } = await workspaceWithHours();
    const saturday = '2027-03-06T12:00:00Z';
    const rows = await dueOf(workspaceId, [
      { mailboxId: box('utc'), from: saturday, seconds: 0 },
      { mailboxId: box('utc'), from: saturday, seconds: -5 },
      { mailboxId: box('ignored'), from: saturday, seconds: 0 },
      // 40 h a week: 2,400 h take 60 weeks.
      { mailboxId: box('utc'), from: saturday, seconds: 2400 * H },
      // 22.5 h or 23.5 h a week: 60 weeks take 420 days, out of reach as well.
      { mailboxId: box('ny'), from: saturday, seconds: 60 * 23.5 * H },
    ]);
    expect(rows.map((row) => row.due)).toEqual([
      new Date(saturday).toISOString(),
      new Date(saturday).toISOString(),
      new Date(saturday).toISOString(),
      null,
      null,
    ]);
  });

  it('adds the seconds to the start when the workspace has no hours at all', async () => {
    const ws = await t.workspace();
    const mailbox = await addMailbox(t.db, ws.workspaceId, `desk@${ws.domain}`);
    await rebuildWorkspaceStats(t.db, ws.workspaceId);
    const [row] = await dueOf(ws.workspaceId, [
      { mailboxId: mailbox.mailboxId, from: '2027-03-06T12:00:00Z', seconds: 90_000 },
    ]);
    expect(row?.due).toBe('2027-03-07T13:00:00.000Z');
  });

  it('skips the closed days of company holidays, a whole closed week included', async () => {
    const { workspaceId, box } = await workspaceWithHours();
    await t.db.transaction((tx) =>
      addHolidays(tx, workspaceId, [
        { date: '2027-03-05', last_date: '2027-03-05', name: 'Friday off', source: 'manual' },
        { date: '2027-03-15', last_date: '2027-03-19', name: 'Closed week', source: 'manual' },
      ]),
    );
    await rebuildWorkspaceStats(t.db, workspaceId);
    const cases: [DueCase, string][] = [
      // Thursday 16:00 + 4 h: one hour that day, the holiday and the weekend, then Monday 09–12.
      [
        { mailboxId: box('utc'), from: '2027-03-04T16:00:00Z', seconds: 4 * H },
        '2027-03-08T12:00:00Z',
      ],
      // Received on the holiday: the first business second is Monday's.
      [{ mailboxId: box('utc'), from: '2027-03-05T10:00:00Z', seconds: 1 }, '2027-03-08T09:00:01Z'],
      // Friday 12 March 09:00 + 10 h: that Friday's 8, a closed week, then Monday 22 09–11.
      [
        { mailboxId: box('utc'), from: '2027-03-12T09:00:00Z', seconds: 10 * H },
        '2027-03-22T11:00:00Z',
      ],
      // A Custom mailbox in Madrid follows the company holidays in its own days: Thursday
      // 17:00–17:30 CET, then Monday from 09:00 CET (08:00Z).
      [
        { mailboxId: box('madrid'), from: '2027-03-04T16:00:00Z', seconds: 45 * 60 },
        '2027-03-08T08:15:00Z',
      ],
      // Ignored hours ignore holidays.
      [
        { mailboxId: box('ignored'), from: '2027-03-05T10:00:00Z', seconds: 600 },
        '2027-03-05T10:10:00Z',
      ],
    ];
    const rows = await dueOf(
      workspaceId,
      cases.map(([c]) => c),
    );
    expect(rows.map((row) => row.due)).toEqual(cases.map(([, due]) => new Date(due).toISOString()));
    expect(rows.map((row) => row.at_due)).toEqual(cases.map(([c]) => c.seconds));
  });
});
