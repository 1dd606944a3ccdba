import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { countryClosedDays } from '../domain/holiday-calendar';

// The closed days of the countries that Custom mailboxes follow, computed from `date-holidays`
// when a generation's settings are taken: every year of those mailboxes' mail, and two years
// past the later of its last message and now (alerts look up to 400 days ahead).

interface CountryCalendar {
  calendar: string;
  country: string;
  region: string | null;
  from_year: number;
  to_year: number;
}

/** Adds each country calendar of the generation's hour sets, spread into days. */
export async function copyCountryCalendars(
  tx: Queryable,
  workspaceId: number,
  generation: number,
): Promise<void> {
  const calendars = await tx.query<CountryCalendar>(
    sql`select s.calendar, min(c.country) as country, min(c.region) as region,
               extract(year from least(min(m.data_from), min(x.first_at), now()))::int as from_year,
               extract(year from greatest(max(x.last_at), now()))::int + 2 as to_year
          from stats_hour_sets s
          join mailbox_holiday_calendars c
            on c.workspace_id = s.workspace_id and c.mailbox_id = s.mailbox_id
          join mailboxes m on m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
          cross join lateral (select min(sent_at) as first_at, max(sent_at) as last_at
                                from messages where workspace_id = s.workspace_id
                                 and mailbox_id = s.mailbox_id) x
         where s.workspace_id = ${workspaceId} and s.generation = ${generation}
           and s.calendar is not null and s.calendar <> 'company'
         group by s.calendar`,
  );
  for (const { calendar, country, region, from_year, to_year } of calendars) {
    const holidays = await countryClosedDays(country, region, from_year, to_year);
    await tx.query(
      sql`insert into stats_closed_days (workspace_id, generation, calendar, day)
          select distinct ${workspaceId}::int, ${generation}::int, ${calendar}::text, d::date
            from unnest(${holidays.map((h) => h.date)}::date[],
                        ${holidays.map((h) => h.last_date)}::date[]) as h(first_date, last_date)
            cross join lateral generate_series(h.first_date, h.last_date, interval '1 day') d`,
    );
  }
}
