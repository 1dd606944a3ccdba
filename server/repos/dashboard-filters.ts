import { eachKey, sharedReads } from '../db/fresh-batch';
import { prepared, sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { visibilityKey, visibleMailboxes, type Viewer } from './visible-mailboxes';

type DashboardFilters = Schemas['DashboardFilters'];

/**
 * The native dashboard's filter choices for the caller, in one query: the tracked mailboxes the
 * statistics scope lets them see (with the sync progress the empty state shows), the teams they
 * may filter by (the statistics API's team check), and every contact group.
 */
export async function dashboardFilters(tx: Queryable, viewer: Viewer): Promise<DashboardFilters> {
  const { workspaceId, role, userId } = viewer;
  const [row] = await tx.query<{ filters: DashboardFilters }>(
    prepared(
      'mailpulse_dashboard_filters',
      sql`with visible as (${visibleMailboxes(viewer)})
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
          where m.workspace_id = ${workspaceId} and m.removed_at is null), '[]'::json),
       'teams', coalesce((
         select json_agg(json_build_object('team_id', t.team_id, 'name', t.name) order by t.name)
           from teams t
          where t.workspace_id = ${workspaceId}
            and (${role} = 'admin' or (${role} = 'manager' and exists (
                  select 1 from manager_teams mt
                   where mt.workspace_id = ${workspaceId} and mt.user_id = ${userId} and mt.team_id = t.team_id)))),
         '[]'::json),
       'contact_groups', coalesce((
         select json_agg(g.name order by lower(g.name)) from contact_groups g
          where g.workspace_id = ${workspaceId}), '[]'::json)) as filters`,
    ),
  );
  if (!row) throw new Error('the filters query returned no row');
  return row.filters;
}

const filterReads = sharedReads(eachKey(dashboardFilters, visibilityKey), visibilityKey);

/**
 * The caller's filter choices, read after the request arrived; concurrent callers who see the
 * same share one read (server/db/fresh-batch.ts), so a team opening the dashboard costs one.
 */
export async function sharedDashboardFilters(
  db: Queryable,
  viewer: Viewer,
): Promise<DashboardFilters> {
  const filters = await filterReads(db).load(viewer);
  if (!filters) throw new Error('the filters read returned nothing');
  return filters;
}
