import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { VISIBLE_MAILBOXES, type StatsViewer } from '../stats/scope';

type DashboardFilters = Schemas['DashboardFilters'];

/**
 * The native dashboard's filter choices for the caller (or a report's recipient), in one
 * query: the tracked mailboxes the statistics scope lets them see (with the sync progress the
 * empty state shows), the teams they may filter by (the statistics API's team check), and every
 * contact group.
 */
export async function dashboardFilters(
  tx: Queryable,
  auth: StatsViewer,
): Promise<DashboardFilters> {
  const [row] = await tx.query<{ filters: DashboardFilters }>(
    `with visible as (${VISIBLE_MAILBOXES})
     select json_build_object(
       'mailboxes', coalesce((
         select json_agg(json_build_object(
                  'email', m.email, 'full_name', m.full_name, 'status', m.status,
                  'progress', case when m.status = 'loading_data' and s.progress_total > 0
                    then least(100, floor(100.0 * s.progress_done / s.progress_total))::int end)
                order by lower(m.email))
           from mailboxes m
           join visible v on v.mailbox_id = m.mailbox_id
           left join mailbox_sync s on s.workspace_id = m.workspace_id and s.mailbox_id = m.mailbox_id
          where m.workspace_id = $1 and m.removed_at is null), '[]'::json),
       'teams', coalesce((
         select json_agg(json_build_object('team_id', t.team_id, 'name', t.name) order by t.name)
           from teams t
          where t.workspace_id = $1
            and ($2 = 'admin' or ($2 = 'manager' and exists (
                  select 1 from manager_teams mt
                   where mt.workspace_id = $1 and mt.user_id = $3 and mt.team_id = t.team_id)))),
         '[]'::json),
       'contact_groups', coalesce((
         select json_agg(g.name order by lower(g.name)) from contact_groups g
          where g.workspace_id = $1), '[]'::json)) as filters`,
    [auth.workspaceId, auth.role, auth.userId, auth.email],
  );
  if (!row) throw new Error('the filters query returned no row');
  return row.filters;
}
