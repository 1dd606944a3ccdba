import { describe, expect, it } from 'vitest';
import {
  businessBetween,
  clockAt,
  clockCtes,
  clockOf,
} from '../../../server/alerts/business-clock-sql';
import { sql } from '../../../server/db/sql';
import { replaceCompanyHours, replaceMailboxHours } from '../../../server/repos/business-hours';
import { addHolidays } from '../../../server/repos/holidays';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { addMailbox } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// The alert evaluation's business clock (B(to) − B(from) from per-day arrays) against
// stats_business_seconds, the definition, over generated instants: company holidays (one on a
// weekend, a range across the spring daylight-saving change), a mailbox in another timezone,
// hours through the change itself, and all-time hours.

const t = setUpTestApp('bclock');

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const ALL = [...WEEK, 'Sat', 'Sun'] as const;
type Weekday = (typeof ALL)[number];
const hours = (days: readonly Weekday[], start_time: string, end_time: string) =>
  days.map((weekday) => ({ weekday, start_time, end_time }));

const NOW = new Date('2027-04-20T15:00:00Z');
const SINCE = new Date('2027-02-01T00:00:00Z');
const DAY = 86_400_000;

async function workspace() {
  const ws = await t.workspace();
  const id = ws.workspaceId;
  const box = (name: string) => addMailbox(t.db, id, `${name}@${ws.domain}`);
  const boxes = [await box('co'), await box('madrid'), await box('ny'), await box('all')];
  const [, madrid, ny, all] = boxes;
  await t.db.transaction(async (tx) => {
    await replaceCompanyHours(tx, id, {
      timezone: 'Europe/Madrid',
      business_hours: hours(WEEK, '09:00:00', '18:00:00'),
    });
    await replaceMailboxHours(tx, id, madrid!.mailboxId, {
      timezone: 'Europe/Madrid',
      business_hours: hours(['Mon', 'Wed', 'Sat'], '08:30:00', '23:59:59'),
    });
    await replaceMailboxHours(tx, id, ny!.mailboxId, {
      timezone: 'America/New_York',
      business_hours: hours(['Sun', 'Tue'], '00:00:00', '23:30:00'),
    });
    await replaceMailboxHours(tx, id, all!.mailboxId, {
      timezone: 'UTC',
      business_hours: hours(ALL, '00:00:00', '23:59:59'),
    });
    await addHolidays(tx, id, [
      { date: '2027-01-06', last_date: '2027-01-06', name: 'Epiphany', source: 'manual' },
      { date: '2027-03-06', last_date: '2027-03-06', name: 'A Saturday', source: 'manual' },
      { date: '2027-03-26', last_date: '2027-04-02', name: 'Easter week', source: 'manual' },
    ]);
  });
  await rebuildWorkspaceStats(t.db, id);
  return { id, mailboxIds: boxes.map((b) => b.mailboxId) };
}

/** Pairs of instants from a fixed seed: whole hours, odd seconds, and spans up to 90 days. */
function instants(count: number): [Date, Date][] {
  let seed = 20_271_123;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const start = SINCE.getTime() - 300 * DAY;
  const span = NOW.getTime() - start;
  return Array.from({ length: count }, () => {
    const from = start + Math.floor(next() * span);
    const to = from + Math.floor(next() * 90 * DAY * (next() < 0.3 ? 0.01 : 1)) - 3_600_000;
    return [new Date(from), new Date(Math.min(to, NOW.getTime()))];
  });
}

describe('the alert business clock', () => {
  it('gives stats_business_seconds to the microsecond, holidays and daylight saving included', async () => {
    const { id, mailboxIds } = await workspace();
    const pairs = instants(250);
    const k = sql`k`;
    const s = sql`s`;
    const rows = await t.db.query<{ clock: number | null; fn: number | null }>(sql`
      with watched as (
        select ${id}::int as workspace_id, st.current_generation as generation, m as mailbox_id,
               ${SINCE}::timestamptz as watching_since
          from stats_state st cross join unnest(${mailboxIds}::int[]) m
         where st.workspace_id = ${id}
      ), ${clockCtes(NOW)}, pairs as (
        select w.*, p.from_at, p.to_at from watched w
         cross join unnest(${pairs.map(([from]) => from)}::timestamptz[],
                           ${pairs.map(([, to]) => to)}::timestamptz[]) as p(from_at, to_at)
      )
      select ${businessBetween(
        sql`p.from_at`,
        sql`p.to_at`,
        clockAt(k, s, sql`p.from_at`),
        clockAt(k, s, sql`p.to_at`),
        sql`null::float8`,
      )} as clock,
             stats_business_seconds(p.workspace_id, p.generation, p.mailbox_id, p.from_at, p.to_at)
               as fn
        from pairs p
        join clock_sets s using (workspace_id, generation, mailbox_id)
        ${clockOf(k, s)}`);
    expect(rows).toHaveLength(pairs.length * mailboxIds.length);
    expect(rows.filter((row) => row.fn !== null && row.fn > 0).length).toBeGreaterThan(500);
    const differing = rows.filter((row) => row.clock !== row.fn);
    expect(differing).toEqual([]);
  });
});
