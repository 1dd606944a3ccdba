import type { Queryable } from '../db/types';
import type { Role } from '../../common/access-model';
import { WEEKDAYS } from '../../common/business-hours';
import { addUser, createWorkspace, type UserRow } from '../repos/workspaces';
import { seedDemoMail, type SeedMailbox, type SeedSync } from './demo-mail';
import { sql } from '../db/sql';

// The demo workspace "Acme", written into an empty database so a fresh install has something to
// show. Everything is relative to today, so the data never looks stale.

const DOMAIN = 'acme.example';
const at = (local: string) => `${local}@${DOMAIN}`;

type MailboxStatus = 'working' | 'loading_data' | 'sync_error';

/** Tracked mailboxes: local part, name, status, and how many days back their data starts. */
const MAILBOXES: readonly (readonly [string, string, MailboxStatus, number])[] = [
  ['sales', 'Sales', 'working', 720],
  ['support', 'Support', 'working', 700],
  ['billing', 'Billing', 'working', 650],
  ['info', 'Info', 'working', 600],
  ['vera.viewer', 'Vera Viewer', 'working', 540],
  ['liam.ortiz', 'Liam Ortiz', 'working', 480],
  ['sofia.reyes', 'Sofia Reyes', 'working', 400],
  ['noah.berg', 'Noah Berg', 'working', 330],
  ['emma.novak', 'Emma Novak', 'sync_error', 250],
  ['lucas.moreau', 'Lucas Moreau', 'working', 180],
  ['mia.kowalski', 'Mia Kowalski', 'loading_data', 90],
  ['oliver.grant', 'Oliver Grant', 'loading_data', 7],
];

/** Everyone with a personal mailbox (all after the four shared ones) is an account manager. */
const ACCOUNT_MANAGERS = MAILBOXES.slice(4).map(([local]) => local);

const TEAMS: readonly (readonly [string, readonly string[]])[] = [
  ['Sales', ['sales', 'liam.ortiz', 'sofia.reyes', 'noah.berg']],
  ['Support', ['support', 'info', 'billing']],
  ['Account Managers', ACCOUNT_MANAGERS],
];

// Staff without a tracked mailbox, as one string to keep the list short.
const OTHER_STAFF = (
  'ada.admin max.manager olivia.chen ethan.walker ava.patel james.murphy isabella.rossi ' +
  'benjamin.lee charlotte.dubois henry.schmidt amelia.santos daniel.kim harper.nguyen ' +
  'jack.wilson evelyn.costa leo.fischer grace.obrien samuel.haddad chloe.martin david.silva ' +
  'zoe.andersen marketing hr careers press legal finance partners'
).split(' ');

/** Addresses that exist at acme.example, for the provider check (includes every mailbox). */
export const DEMO_DIRECTORY: readonly string[] = [
  ...MAILBOXES.map(([local]) => at(local)),
  ...OTHER_STAFF.map(at),
];

/** The mail loaded at seed time goes back this far (data_from is capped to it). */
const HISTORY_DAYS = 90;

/** How each status is seeded: the loading mailbox part-way, the failing one behind. */
function seedSync(local: string, status: MailboxStatus): SeedSync {
  if (status === 'working') return { kind: 'loaded' };
  if (status === 'loading_data')
    return { kind: 'loading', share: local === 'oliver.grant' ? 0 : 0.42 };
  return {
    kind: 'failing',
    lagDays: 2,
    error: 'Google refused access to this mailbox: the domain-wide delegation was revoked.',
  };
}

export async function isDatabaseEmpty(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ empty: boolean }>(
    sql`select not exists (select 1 from workspaces) as empty`,
  );
  return row?.empty ?? true;
}

/** Seeds the Acme workspace with its mail up to `now`; returns its workspace_id. */
export async function seedDemoWorkspace(tx: Queryable, now = new Date()): Promise<number> {
  const { workspace_id: id } = await createWorkspace(tx, {
    client_name: 'Acme',
    allowed_domains: [DOMAIN],
    provider: 'G',
    max_mailboxes: 25,
    max_users: 10,
    max_alerts: 5,
  });
  // Its users get single-use sign-in links at start while demo sign-in is on.
  await tx.query(sql`update workspaces set is_demo = true where workspace_id = ${id}`);
  const user = (local: string, full_name: string, role: Role) =>
    addUser(tx, id, { email: at(local), full_name, role });
  const ada = await user('ada.admin', 'Ada Admin', 'admin');
  const max = await user('max.manager', 'Max Manager', 'manager');
  await user('vera.viewer', 'Vera Viewer', 'viewer');
  const mailboxes: SeedMailbox[] = [];
  for (const [local, name, status, days] of MAILBOXES) {
    const dataFrom = new Date(now.getTime() - Math.min(days, HISTORY_DAYS) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const [row] = await tx.query<{
      mailbox_id: number;
    }>(sql`insert into mailboxes (workspace_id, email, full_name, status, data_from, created_at)
       values (${id}, ${at(local)}, ${name}, ${status}, ${dataFrom}, ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int))
       returning mailbox_id`);
    if (!row) throw new Error(`mailbox ${local} was not inserted`);
    mailboxes.push({
      mailboxId: row.mailbox_id,
      email: at(local),
      dataFrom,
      sync: seedSync(local, status),
    });
  }
  await seedDemoMail(tx, id, [DOMAIN], mailboxes, now);
  await seedTeams(tx, id, max);
  await seedAlerts(tx, ada);
  await seedContactGroups(tx, id);
  await seedBusinessHours(tx, id);
  await tx.query(sql`insert into filtering_settings (workspace_id, excluded_filters, internal_domains)
     values (${id}, '{}', '{}')`);
  return id;
}

// The statements below find mailboxes by address: "email = any(…)" over local parts at(...).

/** The three teams, and Max's grants: the Sales team plus support@ and billing@. */
async function seedTeams(tx: Queryable, workspaceId: number, manager: UserRow): Promise<void> {
  for (const [name, members] of TEAMS) {
    await tx.query(sql`with team as (insert into teams (workspace_id, name) values (${workspaceId}, ${name}) returning team_id)
       insert into team_members (workspace_id, team_id, mailbox_id)
       select ${workspaceId}, team.team_id, m.mailbox_id from team, mailboxes m
       where m.workspace_id = ${workspaceId} and m.email = any(${members.map(at)}::text[])`);
  }
  await tx.query(sql`insert into manager_teams (workspace_id, user_id, team_id)
     select ${workspaceId}, ${manager.user_id}, team_id from teams where workspace_id = ${workspaceId} and name = 'Sales'`);
  const granted = [at('support'), at('billing')];
  await tx.query(sql`insert into manager_mailboxes (workspace_id, user_id, mailbox_id)
     select ${workspaceId}, ${manager.user_id}, mailbox_id from mailboxes where workspace_id = ${workspaceId} and email = any(${granted}::text[])`);
}

/** Two alerts by Ada, the second one paused. */
async function seedAlerts(tx: Queryable, creator: UserRow): Promise<void> {
  const alerts = [
    [
      'Key accounts waiting',
      120,
      true,
      ['ceo@bigclient.example'],
      ['bigclient.example', 'globex.example'],
      [creator.email],
      ['sales', 'support'],
    ],
    [
      'Billing disputes',
      240,
      false,
      ['ap@initech.example'],
      [],
      [creator.email, at('max.manager')],
      ['billing'],
    ],
  ] as const;
  for (const [name, minutes, active, addresses, domains, notify, watched] of alerts) {
    await tx.query(sql`with alert as (
         insert into alerts (workspace_id, name, minutes_gap, is_active, addresses, domains,
           notify_emails, created_by_user_id, created_by_email)
         values (${creator.workspace_id}, ${name}, ${minutes}, ${active}, ${addresses}, ${domains}, ${notify}, ${creator.user_id}, ${creator.email}) returning alert_id)
       insert into alert_mailboxes (workspace_id, alert_id, mailbox_id)
       select ${creator.workspace_id}, alert.alert_id, m.mailbox_id from alert, mailboxes m
       where m.workspace_id = ${creator.workspace_id} and m.email = any(${watched.map(at)}::text[])`);
  }
}

async function seedContactGroups(tx: Queryable, workspaceId: number): Promise<void> {
  const groups = [
    [
      'Key accounts',
      [
        'ceo@bigclient.example',
        'procurement@bigclient.example',
        'cfo@globex.example',
        'initech.example',
      ],
    ],
    ['Partners', ['partner.example', 'resellers.example', 'integrators.example']],
  ] as const;
  for (const [name, items] of groups) {
    await tx.query(sql`with grp as (
         insert into contact_groups (workspace_id, name) values (${workspaceId}, ${name}) returning group_id)
       insert into contacts (workspace_id, group_id, kind, value)
       select ${workspaceId}, grp.group_id,
         case when strpos(item, '@') > 0 then 'address' else 'domain' end, item
       from grp, unnest(${items}::text[]) as item`);
  }
}

/** Company hours, plus support@ on custom hours and info@ in the "Ignored" mode (all day). */
async function seedBusinessHours(tx: Queryable, workspaceId: number): Promise<void> {
  await tx.query(
    sql`insert into company_business_hours (workspace_id, timezone) values (${workspaceId}, 'Europe/Madrid')`,
  );
  const weekdays = WEEKDAYS.slice(0, 5);
  await tx.query(sql`insert into company_business_hour_days (workspace_id, weekday, start_time, end_time)
     select ${workspaceId}, unnest(${weekdays}::text[]), '09:00:00', '17:30:00'`);
  const own = [
    ['support', 'America/New_York', WEEKDAYS.slice(0, 6), '08:00:00', '20:00:00'],
    ['info', 'Europe/Madrid', WEEKDAYS, '00:00:00', '23:59:59'],
  ] as const;
  for (const [local, timezone, days, start, end] of own) {
    await tx.query(sql`with m as (
         update mailboxes set bhs_timezone = ${timezone} where workspace_id = ${workspaceId} and email = ${at(local)}
         returning mailbox_id)
       insert into mailbox_business_hours (workspace_id, mailbox_id, weekday, start_time, end_time)
       select ${workspaceId}, m.mailbox_id, day, ${start}, ${end} from m, unnest(${days}::text[]) as day`);
  }
}
