import type { Schemas } from '../contract/types';
import { EMPTY, sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Role } from '../../common/access-model';
import type { ReportFrequency } from '../../common/reports';

// Report subscriptions: who gets which report, narrowed how, and where their schedule stands.
// Dates of the schedule are in the company timezone (report_timezone, migration 0015).

type ReportSubscription = Schemas['ReportSubscription'];

export interface ReportFields {
  frequency: ReportFrequency;
  narrowedBy: 'none' | 'mailboxes' | 'teams';
  mailboxIds: readonly number[];
  teamIds: readonly number[];
}

/** A subscription as the scheduler and the routes need it: its recipient and its narrowing. */
export interface SubscriptionRecord {
  workspace_id: number;
  subscription_id: number;
  user_id: number;
  email: string;
  full_name: string;
  role: Role;
  frequency: ReportFrequency;
  narrowed_by: ReportFields['narrowedBy'];
  /** Lower-case addresses of the (not removed) mailboxes it is narrowed to. */
  mailboxes: string[];
  team_ids: number[];
  client_name: string;
}

/** The latest send date whose 08:00 (company timezone) has passed at `now`. */
const latestSendDate = (frequency: Sql, workspaceId: Sql, now: Date) =>
  sql`report_send_date(${frequency},
        ((${now}::timestamptz at time zone report_timezone(${workspaceId})) - interval '8 hours')::date)`;

const API_COLUMNS = sql`
  s.subscription_id as id, u.email, u.full_name, u.role, s.frequency,
  array(select lower(m.email) from report_subscription_mailboxes rm
          join mailboxes m on m.workspace_id = rm.workspace_id and m.mailbox_id = rm.mailbox_id
         where rm.workspace_id = s.workspace_id and rm.subscription_id = s.subscription_id
         order by lower(m.email)) as mailboxes,
  coalesce((select json_agg(json_build_object('id', t.team_id, 'name', t.name)
                            order by lower(t.name), t.team_id)
              from report_subscription_teams rt
              join teams t on t.workspace_id = rt.workspace_id and t.team_id = rt.team_id
             where rt.workspace_id = s.workspace_id and rt.subscription_id = s.subscription_id),
           '[]'::json) as teams,
  s.created_at as created,
  (select max(o.delivered_at) from report_deliveries d
     join outbound_requests o on o.workspace_id = d.workspace_id and o.request_id = d.request_id
    where d.workspace_id = s.workspace_id and d.subscription_id = s.subscription_id) as last_sent,
  (report_next_send_date(s.frequency, s.last_send_date) + time '08:00')
    at time zone report_timezone(s.workspace_id) as next_due`;

/** The workspace's subscriptions (only this user's when `userId` is given), oldest first. */
export async function listSubscriptions(
  q: Queryable,
  workspaceId: number,
  userId: number | null,
  ids: readonly number[] | null = null,
): Promise<ReportSubscription[]> {
  const mine = userId === null ? EMPTY : sql`and s.user_id = ${userId}`;
  const only = ids === null ? EMPTY : sql`and s.subscription_id = any(${ids}::int[])`;
  return q.query<ReportSubscription>(sql`
    select ${API_COLUMNS}
      from report_subscriptions s
      join users u on u.workspace_id = s.workspace_id and u.user_id = s.user_id
     where s.workspace_id = ${workspaceId} ${mine} ${only}
     order by s.created_at, s.subscription_id`);
}

export async function getSubscription(
  q: Queryable,
  workspaceId: number,
  subscriptionId: number,
): Promise<ReportSubscription | null> {
  const [row] = await listSubscriptions(q, workspaceId, null, [subscriptionId]);
  return row ?? null;
}

const RECORD_COLUMNS = sql`
  s.workspace_id, s.subscription_id, s.user_id, u.email, u.full_name, u.role, s.frequency,
  s.narrowed_by, w.client_name,
  array(select lower(m.email) from report_subscription_mailboxes rm
          join mailboxes m on m.workspace_id = rm.workspace_id and m.mailbox_id = rm.mailbox_id
         where rm.workspace_id = s.workspace_id and rm.subscription_id = s.subscription_id
           and m.removed_at is null
         order by lower(m.email)) as mailboxes,
  array(select rt.team_id from report_subscription_teams rt
         where rt.workspace_id = s.workspace_id and rt.subscription_id = s.subscription_id
         order by rt.team_id) as team_ids`;

const RECORD_FROM = sql`
  report_subscriptions s
  join users u on u.workspace_id = s.workspace_id and u.user_id = s.user_id
  join workspaces w on w.workspace_id = s.workspace_id`;

/** One subscription with its recipient, or null. */
export async function findRecord(
  q: Queryable,
  workspaceId: number,
  subscriptionId: number,
): Promise<SubscriptionRecord | null> {
  const [row] = await q.query<SubscriptionRecord>(sql`
    select ${RECORD_COLUMNS} from ${RECORD_FROM}
     where s.workspace_id = ${workspaceId} and s.subscription_id = ${subscriptionId}`);
  return row ?? null;
}

/** A user's subscriptions, as records (the CLI's reports:send). */
export async function recordsOfUser(
  q: Queryable,
  workspaceId: number,
  email: string,
): Promise<SubscriptionRecord[]> {
  return q.query<SubscriptionRecord>(sql`
    select ${RECORD_COLUMNS} from ${RECORD_FROM}
     where s.workspace_id = ${workspaceId} and lower(u.email) = lower(${email})
     order by s.subscription_id`);
}

/** The user of this address in the workspace, or null. */
export async function findUser(
  q: Queryable,
  workspaceId: number,
  email: string,
): Promise<{ user_id: number; email: string; role: Role } | null> {
  const [row] = await q.query<{ user_id: number; email: string; role: Role }>(sql`
    select user_id, email, role from users
     where workspace_id = ${workspaceId} and lower(email) = lower(${email})`);
  return row ?? null;
}

/** What makes two subscriptions of one user alike: frequency and narrowing. */
const narrowingKey = sql`
  s.frequency || ':' || s.narrowed_by || ':' || array_to_string(array(
    select rm.mailbox_id from report_subscription_mailboxes rm
     where rm.workspace_id = s.workspace_id and rm.subscription_id = s.subscription_id
    union all
    select rt.team_id from report_subscription_teams rt
     where rt.workspace_id = s.workspace_id and rt.subscription_id = s.subscription_id
    order by 1), ',')`;

/** The user's subscriptions, locked, so two concurrent creations count each other. */
export async function lockUserSubscriptions(
  q: Queryable,
  workspaceId: number,
  userId: number,
): Promise<{ subscription_id: number; key: string }[]> {
  await q.query(sql`
    select 1 from users where workspace_id = ${workspaceId} and user_id = ${userId} for update`);
  return q.query<{ subscription_id: number; key: string }>(sql`
    select s.subscription_id, ${narrowingKey} as key
      from report_subscriptions s
     where s.workspace_id = ${workspaceId} and s.user_id = ${userId}`);
}

/** The key `lockUserSubscriptions` returns, for fields about to be saved. */
export const fieldsKey = (fields: ReportFields) =>
  `${fields.frequency}:${fields.narrowedBy}:${[...fields.mailboxIds, ...fields.teamIds]
    .sort((a, b) => a - b)
    .join(',')}`;

/**
 * Creates a subscription. Its schedule starts at the latest send date already passed, so the
 * first report is the next one due ("Send me one now" is there for the last period).
 */
export async function insertSubscription(
  q: Queryable,
  workspaceId: number,
  userId: number,
  fields: ReportFields,
  now: Date,
): Promise<number> {
  const [row] = await q.query<{ subscription_id: number }>(sql`
    insert into report_subscriptions (workspace_id, user_id, frequency, narrowed_by, last_send_date)
    values (${workspaceId}, ${userId}, ${fields.frequency}, ${fields.narrowedBy},
            ${latestSendDate(sql`${fields.frequency}::text`, sql`${workspaceId}::int`, now)})
    returning subscription_id`);
  if (!row) throw new Error('the subscription was not created');
  await setNarrowing(q, workspaceId, row.subscription_id, fields);
  return row.subscription_id;
}

/**
 * Saves new fields; a changed frequency restarts the schedule at the latest send date passed
 * for it, so a change never sends at once. False when there is no such subscription.
 */
export async function updateSubscription(
  q: Queryable,
  workspaceId: number,
  subscriptionId: number,
  fields: ReportFields,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(sql`
    update report_subscriptions s
       set narrowed_by = ${fields.narrowedBy},
           last_send_date = case when s.frequency = ${fields.frequency} then s.last_send_date
             else ${latestSendDate(sql`${fields.frequency}::text`, sql`s.workspace_id`, now)} end,
           frequency = ${fields.frequency}
     where s.workspace_id = ${workspaceId} and s.subscription_id = ${subscriptionId}
     returning s.subscription_id`);
  if (rows.length === 0) return false;
  await q.query(sql`
    delete from report_subscription_mailboxes
     where workspace_id = ${workspaceId} and subscription_id = ${subscriptionId}`);
  await q.query(sql`
    delete from report_subscription_teams
     where workspace_id = ${workspaceId} and subscription_id = ${subscriptionId}`);
  await setNarrowing(q, workspaceId, subscriptionId, fields);
  return true;
}

async function setNarrowing(
  q: Queryable,
  workspaceId: number,
  subscriptionId: number,
  fields: ReportFields,
): Promise<void> {
  await q.query(sql`
    insert into report_subscription_mailboxes (workspace_id, subscription_id, mailbox_id)
    select ${workspaceId}, ${subscriptionId}, id from unnest(${fields.mailboxIds}::int[]) id`);
  await q.query(sql`
    insert into report_subscription_teams (workspace_id, subscription_id, team_id)
    select ${workspaceId}, ${subscriptionId}, id from unnest(${fields.teamIds}::int[]) id`);
}

/** Ends subscriptions (only this user's when `userId` is given); returns how many ended. */
export async function deleteSubscriptions(
  q: Queryable,
  workspaceId: number,
  ids: readonly number[],
  userId: number | null,
): Promise<number> {
  const mine = userId === null ? EMPTY : sql`and user_id = ${userId}`;
  const rows = await q.query(sql`
    delete from report_subscriptions
     where workspace_id = ${workspaceId} and subscription_id = any(${ids}::int[]) ${mine}
     returning subscription_id`);
  return rows.length;
}

/** The ids of the workspace's live mailboxes with these addresses (any case). */
export async function mailboxIdsOf(
  q: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<number[]> {
  const rows = await q.query<{ mailbox_id: number }>(sql`
    select mailbox_id from mailboxes
     where workspace_id = ${workspaceId} and removed_at is null
       and lower(email) = any(${emails.map((email) => email.toLowerCase())}::text[])`);
  return rows.map((row) => row.mailbox_id);
}
