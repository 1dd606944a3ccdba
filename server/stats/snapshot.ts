import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';

// A generation's settings: the company timezone, internal domains (allowed + setting),
// exclusions and every mailbox's effective hours, copied once so figures use "the settings of
// the last rebuild" however often they change in between.

const WEEKDAYS = sql`array['Mon','Tue','Wed','Thu','Fri','Sat','Sun']`;
// A day saved as ending 23:59:59 (Ignored mode's last second) runs to midnight.
const END = sql`case when end_time = '23:59:59' then '24:00'::time else end_time end`;

const generationRow = (workspaceId: number, generation: number): Sql => sql`
  insert into stats_generations
    (workspace_id, generation, company_timezone, internal_domains, excluded_filters)
  select w.workspace_id, ${generation}, coalesce(c.timezone, 'UTC'),
         array(select distinct lower(btrim(d))
                 from unnest(w.allowed_domains || coalesce(f.internal_domains, '{}')) d),
         coalesce(f.excluded_filters, '{}')
    from workspaces w
    left join company_business_hours c on c.workspace_id = w.workspace_id
    left join filtering_settings f on f.workspace_id = w.workspace_id
   where w.workspace_id = ${workspaceId}`;

// Mailbox 0 holds the company's hours; no company hours at all means every second counts.
const companySet = (workspaceId: number, generation: number): Sql => sql`
  insert into stats_hour_sets (workspace_id, generation, mailbox_id, timezone, all_time)
  select w.workspace_id, ${generation}, 0, coalesce(c.timezone, 'UTC'), c.workspace_id is null
    from workspaces w left join company_business_hours c on c.workspace_id = w.workspace_id
   where w.workspace_id = ${workspaceId}`;

const companyDays = (workspaceId: number, generation: number): Sql => sql`
  insert into stats_hour_days (workspace_id, generation, mailbox_id, isodow, start_time, end_time)
  select workspace_id, ${generation}, 0, array_position(${WEEKDAYS}, weekday), start_time, ${END}
    from company_business_hour_days where workspace_id = ${workspaceId}`;

// Custom and Ignored mailboxes (those with hours of their own); Ignored is every day
// 00:00:00–23:59:59, which is all of the time.
const mailboxSets = (workspaceId: number, generation: number): Sql => sql`
  insert into stats_hour_sets (workspace_id, generation, mailbox_id, timezone, all_time)
  select h.workspace_id, ${generation}, h.mailbox_id, coalesce(min(m.bhs_timezone), 'UTC'),
         count(*) filter (where h.start_time = '00:00:00' and h.end_time = '23:59:59') = 7
    from mailbox_business_hours h
    join mailboxes m on m.workspace_id = h.workspace_id and m.mailbox_id = h.mailbox_id
   where h.workspace_id = ${workspaceId}
   group by h.workspace_id, h.mailbox_id`;

const mailboxDays = (workspaceId: number, generation: number): Sql => sql`
  insert into stats_hour_days (workspace_id, generation, mailbox_id, isodow, start_time, end_time)
  select workspace_id, ${generation}, mailbox_id, array_position(${WEEKDAYS}, weekday), start_time, ${END}
    from mailbox_business_hours where workspace_id = ${workspaceId}`;

/** Copies the workspace's current settings into generation `generation`. */
export async function takeSnapshot(
  tx: Queryable,
  workspaceId: number,
  generation: number,
): Promise<void> {
  for (const statement of [generationRow, companySet, companyDays, mailboxSets, mailboxDays]) {
    await tx.query(statement(workspaceId, generation));
  }
}
