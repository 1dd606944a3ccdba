import type { Queryable } from '../db/types';
import type { Role } from '../../common/access-model';
import { sql } from '../db/sql';

// Sign-in starts from something global (a verified email, a demo code) and finds the one workspace
// it belongs to, through the global lookup tables (user_addresses, user_identities,
// demo_login_codes; docs/scale.md); these are the only lookups not scoped by a workspace_id
// parameter. Every statement that changes a row still names its workspace.

interface SignInUser {
  workspace_id: number;
  user_id: number;
  email: string;
  role: Role;
  oidc_tenant_id: string | null;
  oidc_object_id: string | null;
  /** Lower-cased: the tenants workspace:set lists and the tenant of its mail:microsoft account. */
  microsoft_tenants: string[];
  google_workspace_domain: boolean;
}

/**
 * The user with this address in any workspace (addresses are unique across workspaces), with
 * whom their workspace takes the word of.
 */
export async function findUserByEmail(tx: Queryable, email: string): Promise<SignInUser | null> {
  const [row] = await tx.query<SignInUser>(sql`
    select u.workspace_id, u.user_id, u.email, u.role, u.oidc_tenant_id, u.oidc_object_id,
           w.google_workspace_domain,
           array(select lower(t) from unnest(w.microsoft_tenants) t
                 union
                 select lower(m.settings ->> 'tenant') from mail_accounts m
                  where m.workspace_id = w.workspace_id and m.provider = 'microsoft'
                    and m.settings ->> 'tenant' is not null) as microsoft_tenants
      from user_addresses a
      join users u on u.workspace_id = a.workspace_id and u.user_id = a.user_id
      join workspaces w on w.workspace_id = u.workspace_id
     where a.email = lower(${email})`);
  return row ?? null;
}

/** True when another user is already bound to this Microsoft account. */
export async function isOidcIdentityTaken(
  tx: Queryable,
  user: SignInUser,
  tenantId: string,
  objectId: string,
): Promise<boolean> {
  const rows = await tx.query(sql`select 1 from user_identities
      where oidc_tenant_id = ${tenantId} and oidc_object_id = ${objectId}
        and not (workspace_id = ${user.workspace_id} and user_id = ${user.user_id})`);
  return rows.length > 0;
}

/** Binds a user to a Microsoft account on first sign-in; false when one was bound meanwhile. */
export async function bindOidcIdentity(
  tx: Queryable,
  workspaceId: number,
  userId: number,
  tenantId: string,
  objectId: string,
): Promise<boolean> {
  const rows =
    await tx.query(sql`update users set oidc_tenant_id = ${tenantId}, oidc_object_id = ${objectId}
      where workspace_id = ${workspaceId} and user_id = ${userId} and oidc_object_id is null
      returning user_id`);
  return rows.length > 0;
}

interface FreedAccount {
  user_id: number;
  /** Both null when no account was bound. */
  oidc_tenant_id: string | null;
  oidc_object_id: string | null;
}

/**
 * Frees the user's Microsoft account (user:unbind), so the next Microsoft sign-in binds anew.
 * Returns the account that was bound, or null when there is no such user.
 */
export async function unbindOidcIdentity(
  tx: Queryable,
  workspaceId: number,
  email: string,
): Promise<FreedAccount | null> {
  const [row] =
    await tx.query<FreedAccount>(sql`update users u set oidc_tenant_id = null, oidc_object_id = null
      from users old
     where u.workspace_id = ${workspaceId} and lower(u.email) = lower(${email})
       and old.workspace_id = u.workspace_id and old.user_id = u.user_id
     returning u.user_id, old.oidc_tenant_id, old.oidc_object_id`);
  return row ?? null;
}

interface DemoUser {
  workspace_id: number;
  user_id: number;
  email: string;
  role: Role;
}

/** Every user of every demo workspace, admins first. */
export async function listDemoUsers(tx: Queryable): Promise<DemoUser[]> {
  return tx.query<DemoUser>(sql`select u.workspace_id, u.user_id, u.email, u.role
       from users u join workspaces w on w.workspace_id = u.workspace_id
      where w.is_demo
      order by u.workspace_id,
        array_position(array['admin', 'manager', 'viewer'], u.role), lower(u.email)`);
}

export async function insertDemoCode(
  tx: Queryable,
  workspaceId: number,
  userId: number,
  codeHash: string,
  lifetimeMinutes: number,
): Promise<void> {
  await tx.query(sql`insert into demo_login_codes (workspace_id, code_hash, user_id, expires_at)
     values (${workspaceId}, ${codeHash}, ${userId}, now() + make_interval(mins => ${lifetimeMinutes}::int))`);
}

export async function deleteExpiredDemoCodes(tx: Queryable): Promise<void> {
  await tx.query(sql`delete from demo_login_codes where expires_at <= now()`);
}

/** Why a code did not work, for the log. */
export async function demoCodeStatus(
  tx: Queryable,
  codeHash: string,
): Promise<'unknown' | 'used' | 'expired' | 'not a demo workspace'> {
  const [row] = await tx.query<{
    used: boolean;
    expired: boolean;
  }>(sql`select used_at is not null as used, expires_at <= now() as expired
       from demo_login_codes where code_hash = ${codeHash}`);
  if (!row) return 'unknown';
  if (row.used) return 'used';
  return row.expired ? 'expired' : 'not a demo workspace';
}

/**
 * Uses a code once: the update succeeds for exactly one caller, only while the code is unused,
 * unexpired and its workspace is still a demo. Returns whose it was.
 */
export async function useDemoCode(
  tx: Queryable,
  codeHash: string,
  /** An operator's link (user:link) is for its workspace whether it is a demo or not. */
  anyWorkspace = false,
): Promise<{ workspace_id: number; user_id: number; email: string } | null> {
  const [row] = await tx.query<{
    workspace_id: number;
    user_id: number;
    email: string;
  }>(sql`update demo_login_codes c set used_at = now()
      from workspaces w
     where c.code_hash = ${codeHash} and c.used_at is null and c.expires_at > now()
       and w.workspace_id = c.workspace_id and (w.is_demo or ${anyWorkspace})
     returning c.workspace_id, c.user_id,
               (select u.email from users u
                 where u.workspace_id = c.workspace_id and u.user_id = c.user_id) as email`);
  return row ?? null;
}
