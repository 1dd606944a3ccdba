import { describe, expect, it } from 'vitest';
import { replaceMailboxHours } from '../../../server/repos/business-hours';
import { addHolidays, setMailboxHolidays, type Holiday } from '../../../server/repos/holidays';
import { countryClosedDays } from '../../../server/domain/holiday-calendar';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { referenceBusinessSeconds, type ReferenceHours } from '../../support/business-time';
import { setUpTestApp } from '../support/suite';
import { addMailbox, insertMessages, setMadridHours } from '../support/stats';

const t = setUpTestApp('hol');
const H = 3600;

// Company hours Mon–Fri 09:00–17:30 Madrid. Madrid falls back on Sunday 2026-10-25 and springs
// forward on 2027-03-28; New York springs forward on Sunday 2026-03-08 and falls back on 2026-11-01.
const COMPANY_HOLIDAYS: Holiday[] = [
  // A range across Madrid's fall-back weekend.
  { date: '2026-10-23', last_date: '2026-10-27', name: 'Autumn closure', source: 'manual' },
  { date: '2026-12-25', last_date: '2026-12-25', name: 'Christmas Day', source: 'ES' },
  // On a Saturday: nothing to skip in Madrid, a Saturday of hours in New York.
  { date: '2026-12-26', last_date: '2026-12-26', name: 'Boxing Day', source: 'manual' },
  // Across New York's spring-forward Sunday (its hours run through the night).
  { date: '2026-03-07', last_date: '2026-03-09', name: 'Spring break', source: 'manual' },
  { date: '2026-11-01', last_date: '2026-11-01', name: 'All Saints', source: 'ES' },
  // Overlapping another holiday: each day closes once.
  { date: '2026-12-24', last_date: '2026-12-26', name: 'Christmas closure', source: 'manual' },
];

const week = (start: string, end: string, isodows: number[]) =>
  Object.fromEntries(isodows.map((day) => [day, [start, end] as const]));

/** Every date of the holidays' ranges. */
function closedSet(holidays: readonly Pick<Holiday, 'date' | 'last_date'>[]): Set<string> {
  const days = new Set<string>();
  for (const { date, last_date } of holidays) {
    for (let d = Date.parse(date); d <= Date.parse(last_date); d += 86_400_000)
      days.add(new Date(d).toISOString().slice(0, 10));
  }
  return days;
}

const NY_DAYS = [
  { weekday: 'Sun', start_time: '00:00:00', end_time: '23:30:00' },
  { weekday: 'Mon', start_time: '01:30:00', end_time: '03:30:00' },
  { weekday: 'Sat', start_time: '08:00:00', end_time: '12:00:00' },
] as const;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const nineToFive = WEEKDAYS.map((weekday) => ({
  weekday,
  start_time: '09:00:00',
  end_time: '17:00:00',
}));

/**
 * A workspace on Madrid company hours with the holidays above, and mailboxes: `company@` (Company
 * mode), `ny@` (Custom, New York, following the company holidays), `us@` (Custom, New York
 * 09:00–17:00, following the United States' public holidays) and `none@` (Custom, following none).
 */
async function workspaceWithHolidays() {
  const ws = await t.workspace();
  const id = ws.workspaceId;
  await setMadridHours(t.db, id);
  const box = (name: string) => addMailbox(t.db, id, `${name}@${ws.domain}`);
  const [company, ny, us, none] = [
    await box('company'),
    await box('ny'),
    await box('us'),
    await box('none'),
  ];
  await t.db.transaction(async (tx) => {
    await addHolidays(tx, id, COMPANY_HOLIDAYS);
    const newYork = { timezone: 'America/New_York' };
    await replaceMailboxHours(tx, id, ny.mailboxId, { ...newYork, business_hours: [...NY_DAYS] });
    await replaceMailboxHours(tx, id, us.mailboxId, { ...newYork, business_hours: nineToFive });
    await setMailboxHolidays(tx, id, us.mailboxId, {
      follows: 'country',
      country: 'US',
      region: null,
    });
    await replaceMailboxHours(tx, id, none.mailboxId, {
      timezone: 'Europe/Madrid',
      business_hours: nineToFive,
    });
    await setMailboxHolidays(tx, id, none.mailboxId, {
      follows: 'none',
      country: null,
      region: null,
    });
  });
  await rebuildWorkspaceStats(t.db, id);
  return { ws, company, ny, us, none };
}

async function sqlSeconds(workspaceId: number, mailboxId: number, pairs: [string, string][]) {
  const rows = await t.db.query<{ s: number }>(
    `select business_seconds($1, $2, f, t) as s
       from unnest($3::timestamptz[], $4::timestamptz[]) with ordinality as p(f, t, n)
      order by n`,
    [workspaceId, mailboxId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  return rows.map((row) => row.s);
}

/** The waits as requests (a message, then a reply) of each mailbox, through one rebuild. */
async function requestSeconds(
  workspaceId: number,
  mailboxIds: number[],
  pairs: [string, string][],
) {
  for (const mailboxId of mailboxIds) {
    const mailbox = { workspaceId, mailboxId, email: 'x@x.example' };
    await insertMessages(
      t.db,
      mailbox,
      pairs.flatMap(([from, to], i) => [
        { thread: `w${i}`, at: from },
        { thread: `w${i}`, direction: 'outbound' as const, at: to, from: mailbox.email },
      ]),
    );
  }
  await rebuildWorkspaceStats(t.db, workspaceId);
  const rows = await t.db.query<{ mailbox_id: number; s: number }>(
    `select r.mailbox_id, r.business_seconds as s from stats_requests r
       join stats_state st on st.workspace_id = r.workspace_id
                          and st.current_generation = r.generation
      where r.workspace_id = $1
      order by r.mailbox_id, split_part(r.thread_key, ':w', 2)::int`,
    [workspaceId],
  );
  return mailboxIds.map((id) => rows.filter((row) => row.mailbox_id === id).map((row) => row.s));
}

/** Deterministic waits starting within four days of each anchor, most up to six days long. */
function generatedPairs(anchors: string[], count: number): [string, string][] {
  let seed = 2026;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pairs: [string, string][] = [];
  for (let i = 0; i < count; i += 1) {
    const anchor = Date.parse(anchors[i % anchors.length]!);
    const from = anchor + Math.round((random() - 0.6) * 4 * 86_400) * 1000;
    const span = Math.round(random() * (i % 10 === 0 ? 60 : 6) * 86_400) * 1000 + 1000;
    pairs.push([new Date(from).toISOString(), new Date(from + span).toISOString()]);
  }
  return pairs;
}

describe('business time skips closed days', () => {
  it('agrees with the JavaScript reference over hundreds of waits around holidays', async () => {
    const { ws, company, ny, us, none } = await workspaceWithHolidays();
    const closed = closedSet(COMPANY_HOLIDAYS);
    const usClosed = closedSet(await countryClosedDays('US', null, 2026, 2027));
    // US public holidays of the waits: Thanksgiving, Christmas, New Year's Day, Independence Day
    // observed on Friday 3 July.
    for (const day of ['2026-11-26', '2026-12-25', '2027-01-01', '2026-07-03'])
      expect(usClosed.has(day)).toBe(true);
    const madrid: ReferenceHours = {
      timezone: 'Europe/Madrid',
      allTime: false,
      days: week('09:00:00', '17:30:00', [1, 2, 3, 4, 5]),
      closed,
    };
    const cases = [
      { mailboxId: company.mailboxId, hours: madrid },
      {
        mailboxId: ny.mailboxId,
        hours: {
          timezone: 'America/New_York',
          allTime: false,
          days: {
            7: ['00:00:00', '23:30:00'],
            1: ['01:30:00', '03:30:00'],
            6: ['08:00:00', '12:00:00'],
          },
          closed,
        } satisfies ReferenceHours,
      },
      {
        mailboxId: us.mailboxId,
        hours: {
          timezone: 'America/New_York',
          allTime: false,
          days: week('09:00:00', '17:00:00', [1, 2, 3, 4, 5]),
          closed: usClosed,
        } satisfies ReferenceHours,
      },
      {
        mailboxId: none.mailboxId,
        hours: {
          ...madrid,
          days: week('09:00:00', '17:00:00', [1, 2, 3, 4, 5]),
          closed: new Set<string>(),
        },
      },
    ];
    const pairs = generatedPairs(
      [
        '2026-10-24T12:00:00Z', // the closure across Madrid's fall-back
        '2026-12-25T12:00:00Z', // Christmas, Boxing Day on the Saturday
        '2026-03-08T07:00:00Z', // New York's spring-forward inside the spring break
        '2026-11-01T05:00:00Z', // New York's fall-back on a holiday
        '2026-11-26T15:00:00Z', // Thanksgiving
        '2026-07-03T15:00:00Z', // Independence Day observed
      ],
      360,
    );
    const references = cases.map(({ hours }) =>
      pairs.map(([from, to]) => referenceBusinessSeconds(hours, new Date(from), new Date(to))),
    );
    for (const [i, { mailboxId }] of cases.entries())
      expect(await sqlSeconds(ws.workspaceId, mailboxId, pairs)).toEqual(references[i]);
    // The same waits as requests of each mailbox, through one rebuild's facts.
    const facts = await requestSeconds(
      ws.workspaceId,
      cases.map((c) => c.mailboxId),
      pairs,
    );
    expect(facts).toEqual(references);
  }, 120_000);

  it('gives hand-computed waits received on a holiday and replied on one', async () => {
    const { ws, company, ny } = await workspaceWithHolidays();
    const seconds = await sqlSeconds(ws.workspaceId, company.mailboxId, [
      // Received Friday 25 December 10:00 (closed, and so are 26–27), replied Monday 28 10:00
      // CET: Monday's first hour.
      ['2026-12-25T09:00:00Z', '2026-12-28T09:00:00Z'],
      // Received Wednesday 23 December 17:00 CET, replied Christmas Eve 12:00 (closed): the
      // half hour of Wednesday.
      ['2026-12-23T16:00:00Z', '2026-12-24T11:00:00Z'],
      // Thursday 22 October 17:00 CEST to Wednesday 28 October 10:00 CET: half an hour, the
      // closure Friday to Tuesday, then one hour.
      ['2026-10-22T15:00:00Z', '2026-10-28T09:00:00Z'],
    ]);
    expect(seconds).toEqual([H, 0.5 * H, 1.5 * H]);
    // The company's Saturday holiday closes New York's Saturday hours, in New York's own day:
    // Saturday 26 December 08:00–12:00 EST is 13:00–17:00Z, none of it counted.
    const [saturday] = await sqlSeconds(ws.workspaceId, ny.mailboxId, [
      ['2026-12-26T05:00:00Z', '2026-12-27T05:00:00Z'],
    ]);
    expect(saturday).toBe(0);
  });

  it('takes a holiday added or removed at the next rebuild, not before', async () => {
    const { ws, company } = await workspaceWithHolidays();
    const monday: [string, string] = ['2026-11-30T08:00:00Z', '2026-11-30T16:30:00Z'];
    expect(await sqlSeconds(ws.workspaceId, company.mailboxId, [monday])).toEqual([8.5 * H]);
    const day = {
      date: '2026-11-30',
      last_date: '2026-11-30',
      name: 'St Andrew',
      source: 'manual',
    };
    await t.db.transaction((tx) => addHolidays(tx, ws.workspaceId, [day]));
    expect(await sqlSeconds(ws.workspaceId, company.mailboxId, [monday])).toEqual([8.5 * H]);
    await rebuildWorkspaceStats(t.db, ws.workspaceId);
    expect(await sqlSeconds(ws.workspaceId, company.mailboxId, [monday])).toEqual([0]);
  });
});
