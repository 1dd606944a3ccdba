import type { Schemas } from '../contract/types';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { WEEKDAYS } from '../../common/business-hours';
import { scopedFacts } from './figure-sql';
import type { StatsScope } from './scope';

type TimeBasis = 'business' | 'calendar';

/**
 * Requests of the range by business or calendar response time (the request's seconds of that
 * basis); those without a reply are still waiting.
 */
export async function distribution(
  tx: Queryable,
  scope: StatsScope,
  time: TimeBasis,
): Promise<Schemas['StatsDistribution']> {
  const seconds = time === 'calendar' ? sql`calendar_seconds` : sql`business_seconds`;
  const [row] = await tx.query<Schemas['StatsDistribution']>(
    sql`with ${scopedFacts(scope)}
     select count(*) filter (where ${seconds} < 3600)::int as under_1h,
            count(*) filter (where ${seconds} >= 3600 and ${seconds} < 14400)::int
              as from_1h_to_4h,
            count(*) filter (where ${seconds} >= 14400 and ${seconds} < 86400)::int
              as from_4h_to_24h,
            count(*) filter (where ${seconds} >= 86400 and ${seconds} < 259200)::int
              as from_1d_to_3d,
            count(*) filter (where ${seconds} >= 259200)::int as over_3d,
            count(*) filter (where reply_at is null)::int as still_waiting
       from reqs`,
  );
  if (!row) throw new Error('the distribution query returned no row');
  return row;
}

/** Counted inbound messages by ISO weekday and hour in the company timezone (of the rebuild). */
export async function heatmap(tx: Queryable, scope: StatsScope): Promise<Schemas['StatsHeatmap']> {
  const rows = await tx.query<{ tz: string | null; isodow: number; hour: number; count: number }>(
    sql`with ${scopedFacts(scope)}, cells as (
       select extract(isodow from f.sent_at at time zone gen.tz)::int as isodow,
              extract(hour from f.sent_at at time zone gen.tz)::int as hour, count(*)::int as count
         from msgs f cross join gen where f.is_counted group by 1, 2)
     select gen.tz, c.isodow, c.hour, c.count
       from gen left join cells c on true order by c.isodow, c.hour`,
  );
  return {
    timezone: rows[0]?.tz ?? 'UTC',
    cells: rows
      .filter((row) => row.count !== null)
      .map((row) => ({
        weekday: WEEKDAYS[row.isodow - 1] ?? 'Mon',
        hour: row.hour,
        count: row.count,
      })),
  };
}

interface UnrepliedPaging {
  order: 'newest' | 'longest';
  page: number;
  pageSize: number;
}

type Unreplied = Omit<Schemas['StatsUnreplied'], 'waiting'>;

/**
 * A page of waiting requests without their waiting times: it depends on the synced mail only, so
 * it is reused while that is unchanged; `waitingNow` adds the times, which grow by the second.
 */
export interface UnrepliedPage extends Omit<Schemas['StatsUnrepliedPage'], 'unreplied'> {
  workspaceId: number;
  /** The statistics generation whose business hours the waiting times use. */
  generation: number | null;
  unreplied: (Unreplied & { mailbox_id: number })[];
}

/**
 * The waiting requests (one per awaiting thread, on its last message's date): the mailbox, the
 * sender and subject of the message the wait began with, and when. The order is by when, so the
 * page does not depend on the time of asking.
 */
export async function unrepliedPage(
  tx: Queryable,
  scope: StatsScope,
  paging: UnrepliedPaging,
): Promise<UnrepliedPage> {
  const { workspaceId } = scope;
  const { pageSize } = paging;
  const direction = paging.order === 'newest' ? sql`desc` : sql`asc`;
  const rows = await tx.query<Unreplied & { mailbox_id: number; total: number; g: number | null }>(
    sql`with ${scopedFacts(scope)}, page as (
       select w.*, count(*) over () as total from waits w
        order by w.first_at ${direction}, w.mailbox_id, w.first_message_id
        limit ${pageSize} offset ${(paging.page - 1) * pageSize})
     select p.mailbox_id::text || '-' || p.first_message_id::text as id,
            lower(mb.email) as mailbox, m.from_address as "from", m.subject,
            p.first_at as received, p.total::int as total, p.mailbox_id, gen.g
       from page p cross join gen
       join mailboxes mb on mb.workspace_id = ${workspaceId} and mb.mailbox_id = p.mailbox_id
       join messages m on m.workspace_id = ${workspaceId} and m.mailbox_id = p.mailbox_id
                      and m.message_id = p.first_message_id
      order by p.first_at ${direction}, p.mailbox_id, p.first_message_id`,
  );
  const total = rows[0]?.total ?? (await countWaiting(tx, scope));
  return {
    total,
    page: paging.page,
    page_size: paging.pageSize,
    workspaceId,
    generation: rows[0]?.g ?? null,
    unreplied: rows.map(({ total: _total, g: _g, ...item }) => item),
  };
}

/** The page with each request's business and calendar time waiting until `now`, in one statement. */
export async function waitingNow(
  db: Queryable,
  page: UnrepliedPage,
  now: Date,
): Promise<Schemas['StatsUnrepliedPage']> {
  const { workspaceId, generation, unreplied: items } = page;
  const waits =
    items.length === 0
      ? []
      : await db.query<Schemas['StatsWaiting']>(sql`
    select round(stats_business_seconds(${workspaceId}, ${generation}::int, w.mailbox_id,
                                        w.first_at, ${now}::timestamptz)::numeric, 3)::float8 as business,
           round(extract(epoch from ${now}::timestamptz - w.first_at), 3)::float8 as calendar
      from unnest(${items.map((item) => item.mailbox_id)}::int[],
                  ${items.map((item) => item.received)}::timestamptz[])
           with ordinality as w(mailbox_id, first_at, n)
     order by w.n`);
  return {
    total: page.total,
    page: page.page,
    page_size: page.page_size,
    unreplied: items.map(({ mailbox_id: _id, ...item }, index) => ({
      ...item,
      waiting: waits[index] ?? { business: 0, calendar: 0 },
    })),
  };
}

/** The total when the page asked for lies past the end. */
async function countWaiting(tx: Queryable, scope: StatsScope): Promise<number> {
  const [row] = await tx.query<{ total: number }>(
    sql`with ${scopedFacts(scope)} select count(*)::int as total from waits`,
  );
  return row?.total ?? 0;
}
