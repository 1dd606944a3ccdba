import { FEATURE_NAMES, type FeatureName, type Role } from '../../common/access-model';
import type { Queryable } from '../db/types';
import { sql } from '../db/sql';

// Workspaces, their feature flags, limits, dashboard and users. Callers validate input (see
// server/cli); the schema's constraints are the last line of defence.

export type Provider = 'G' | 'M';
type DashboardPlatform = 'Superset' | 'Looker Studio' | 'Native';

interface WorkspaceRow {
  workspace_id: number;
  client_name: string;
  allowed_domains: string[];
  provider: Provider;
  max_mailboxes: number;
  max_users: number;
  max_alerts: number;
  created_at: string;
  /** Entra tenant ids allowed to vouch for its users, besides its mail:microsoft tenant. */
  microsoft_tenants: string[];
  /** Its domains run on Google Workspace: a Google sign-in must carry their `hd`. */
  google_workspace_domain: boolean;
}

/** Whom a workspace takes the word of at sign-in (workspace:set, docs/configuration-and-cli.md). */
export type SignInTrust = Pick<WorkspaceRow, 'microsoft_tenants' | 'google_workspace_domain'>;

export interface FeatureFlags {
  enabled: boolean;
  read_only: boolean;
}

export interface DashboardRow {
  name: string;
  platform: DashboardPlatform | null;
  dashboard_url: string | null;
  embedded_url: string | null;
  dashboard_uuid: string | null;
  created_at: string;
}

export interface Workspace extends WorkspaceRow {
  features: Record<FeatureName, FeatureFlags>;
  dashboard: DashboardRow;
}

interface WorkspaceSummary extends WorkspaceRow {
  users: number;
  mailboxes: number;
  alerts: number;
}

export interface UserRow {
  workspace_id: number;
  user_id: number;
  email: string;
  full_name: string;
  role: Role;
  created_at: string;
  oidc_tenant_id: string | null;
  oidc_object_id: string | null;
}

export interface Limits {
  max_mailboxes: number;
  max_users: number;
  max_alerts: number;
}

export interface NewWorkspace extends Limits {
  client_name: string;
  allowed_domains: string[];
  provider: Provider;
}

export interface DashboardSettings {
  platform: DashboardPlatform | null;
  dashboard_url?: string | null;
  embedded_url?: string | null;
  dashboard_uuid?: string | null;
  name?: string;
}

export interface NewUser {
  email: string;
  full_name: string;
  role: Role;
}

const WORKSPACE_COLUMNS = sql`workspace_id, client_name, allowed_domains, provider, max_mailboxes,
  max_users, max_alerts, created_at, microsoft_tenants, google_workspace_domain`;
const DASHBOARD_COLUMNS = sql`name, platform, dashboard_url, embedded_url, dashboard_uuid, created_at`;
const USER_COLUMNS = sql`workspace_id, user_id, email, full_name, role, created_at, oidc_tenant_id,
  oidc_object_id`;

/**
 * Creates the workspace with every feature enabled and writable, and an empty dashboard, in one
 * statement (so it is atomic even outside a transaction).
 */
export async function createWorkspace(tx: Queryable, input: NewWorkspace): Promise<Workspace> {
  const [row] = await tx.query<{ workspace_id: number }>(sql`with ws as (
       insert into workspaces (client_name, allowed_domains, provider, max_mailboxes, max_users,
         max_alerts)
       values (${input.client_name}, ${input.allowed_domains}, ${input.provider}, ${input.max_mailboxes}, ${input.max_users}, ${input.max_alerts}) returning workspace_id),
     features as (
       insert into workspace_features (workspace_id, feature, enabled, read_only)
       select workspace_id, feature, true, false from ws, unnest(${FEATURE_NAMES}::text[]) as feature),
     dashboard as (insert into dashboards (workspace_id, name) select workspace_id, ${input.client_name} from ws)
     select workspace_id from ws`);
  const workspace = row && (await getWorkspace(tx, row.workspace_id));
  if (!workspace) throw new Error('the new workspace could not be read back');
  return workspace;
}

export async function getWorkspace(tx: Queryable, workspaceId: number): Promise<Workspace | null> {
  const [row] = await tx.query<WorkspaceRow>(
    sql`select ${WORKSPACE_COLUMNS} from workspaces where workspace_id = ${workspaceId}`,
  );
  if (!row) return null;
  const flags = await tx.query<FeatureFlags & { feature: FeatureName }>(
    sql`select feature, enabled, read_only from workspace_features where workspace_id = ${workspaceId}`,
  );
  // A missing row means the default: enabled and writable.
  const features = Object.fromEntries(
    FEATURE_NAMES.map((feature) => {
      const flag = flags.find((f) => f.feature === feature);
      return [feature, { enabled: flag?.enabled ?? true, read_only: flag?.read_only ?? false }];
    }),
  ) as Record<FeatureName, FeatureFlags>;
  const [dashboard] = await tx.query<DashboardRow>(
    sql`select ${DASHBOARD_COLUMNS} from dashboards where workspace_id = ${workspaceId}`,
  );
  if (!dashboard) throw new Error(`workspace ${workspaceId} has no dashboards row`);
  return { ...row, features, dashboard };
}

/** Every workspace with its usage counts (an operator view, hence across workspaces). */
export async function listWorkspaces(tx: Queryable): Promise<WorkspaceSummary[]> {
  return tx.query<WorkspaceSummary>(sql`select ${WORKSPACE_COLUMNS},
       (select count(*) from users u where u.workspace_id = w.workspace_id)::int as users,
       (select count(*) from mailboxes m
         where m.workspace_id = w.workspace_id and m.removed_at is null)::int as mailboxes,
       (select count(*) from alerts a where a.workspace_id = w.workspace_id)::int as alerts
     from workspaces w order by workspace_id`);
}

/** Updates the given limits; returns the row afterwards, or null for an unknown workspace. */
export async function setLimits(
  tx: Queryable,
  workspaceId: number,
  limits: Partial<Limits>,
): Promise<WorkspaceRow | null> {
  const [row] = await tx.query<WorkspaceRow>(sql`update workspaces set
       max_mailboxes = coalesce(${limits.max_mailboxes ?? null}, max_mailboxes),
       max_users = coalesce(${limits.max_users ?? null}, max_users),
       max_alerts = coalesce(${limits.max_alerts ?? null}, max_alerts)
     where workspace_id = ${workspaceId} returning ${WORKSPACE_COLUMNS}`);
  return row ?? null;
}

/** Updates the given settings; returns the row afterwards, or null for an unknown workspace. */
export async function setSignInTrust(
  tx: Queryable,
  workspaceId: number,
  trust: Partial<SignInTrust>,
): Promise<WorkspaceRow | null> {
  const [row] = await tx.query<WorkspaceRow>(sql`update workspaces set
       microsoft_tenants = coalesce(${trust.microsoft_tenants ?? null}::text[], microsoft_tenants),
       google_workspace_domain = coalesce(${trust.google_workspace_domain ?? null}, google_workspace_domain)
     where workspace_id = ${workspaceId} returning ${WORKSPACE_COLUMNS}`);
  return row ?? null;
}

/** Updates the given flags; returns them afterwards, or null for an unknown workspace. */
export async function setFeature(
  tx: Queryable,
  workspaceId: number,
  feature: FeatureName,
  flags: Partial<FeatureFlags>,
): Promise<FeatureFlags | null> {
  const [row] =
    await tx.query<FeatureFlags>(sql`insert into workspace_features (workspace_id, feature, enabled, read_only)
     select workspace_id, ${feature}, coalesce(${flags.enabled ?? null}, true), coalesce(${flags.read_only ?? null}, false)
       from workspaces where workspace_id = ${workspaceId}
     on conflict (workspace_id, feature) do update set
       enabled = coalesce(${flags.enabled ?? null}, workspace_features.enabled),
       read_only = coalesce(${flags.read_only ?? null}, workspace_features.read_only)
     returning enabled, read_only`);
  return row ?? null;
}

/**
 * Replaces the dashboard's platform and links (omitted links become null); the name changes
 * only when given. Returns the dashboard afterwards, or null for an unknown workspace.
 */
export async function setDashboard(
  tx: Queryable,
  workspaceId: number,
  settings: DashboardSettings,
): Promise<DashboardRow | null> {
  const [row] =
    await tx.query<DashboardRow>(sql`update dashboards set platform = ${settings.platform}, dashboard_url = ${settings.dashboard_url ?? null}, embedded_url = ${settings.embedded_url ?? null},
       dashboard_uuid = ${settings.dashboard_uuid ?? null}, name = coalesce(${settings.name ?? null}, name)
     where workspace_id = ${workspaceId} returning ${DASHBOARD_COLUMNS}`);
  return row ?? null;
}

export async function countUsers(tx: Queryable, workspaceId: number): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    sql`select count(*)::int as count from users where workspace_id = ${workspaceId}`,
  );
  return row?.count ?? 0;
}

/** Throws DbConstraintError 'users_email_key' when the email is taken in any workspace. */
export async function addUser(tx: Queryable, workspaceId: number, user: NewUser): Promise<UserRow> {
  const [row] =
    await tx.query<UserRow>(sql`insert into users (workspace_id, email, full_name, role) values (${workspaceId}, ${user.email}, ${user.full_name}, ${user.role})
     returning ${USER_COLUMNS}`);
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Deletes the user (their sessions and grants go with them); returns it, or null if absent. */
export async function removeUser(
  tx: Queryable,
  workspaceId: number,
  email: string,
): Promise<UserRow | null> {
  const [row] =
    await tx.query<UserRow>(sql`delete from users where workspace_id = ${workspaceId} and lower(email) = lower(${email})
     returning ${USER_COLUMNS}`);
  return row ?? null;
}
