import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { scramVerifier } from './scram';
import { joinSql, sql } from '../db/sql';

// The read-only login role of one workspace's BI platform. It may select from the BI views
// (migration 0009) and nothing else; the views show it only the workspace bi_roles maps it to.
// Roles are cluster-wide, so a role of that name that is not this workspace's BI role in this
// database is refused rather than taken over. Role statements are transactional in PostgreSQL:
// a refusal part-way changes nothing.

/** The views a BI role may read. */
export const BI_VIEWS = [
  'bi_daily',
  'bi_messages',
  'bi_requests',
  'bi_mailboxes',
  'bi_mailbox_teams',
] as const;

/** A refusal the operator can act on (the message says what to do). */
export class BiRoleError extends Error {
  override readonly name = 'BiRoleError';
}

interface BiRoleResult {
  role: string;
  created: boolean;
  password: string;
  database: string;
}

/**
 * Runs a statement built by PostgreSQL's format() (%I identifiers, %L literals): DDL takes no
 * bound parameters, so PostgreSQL quotes the values into its text.
 */
async function execFormatted(tx: Queryable, template: string, args: string[]) {
  const values = joinSql(args.map((arg) => sql`${arg}::text`));
  const [row] = await tx.query<{ sql: string }>(sql`select format(${template}, ${values}) as sql`);
  if (!row) throw new Error('format() returned no row');
  await tx.runScript(row.sql);
}

async function checkServerRole(tx: Queryable) {
  const [me] = await tx.query<{
    name: string;
    may: boolean;
  }>(sql`select rolname as name, rolcreaterole or rolsuper as may from pg_roles
      where rolname = current_user`);
  if (!me?.may) {
    throw new BiRoleError(
      `bi:role needs CREATEROLE: the server's database role "${me?.name ?? '?'}" lacks it ` +
        `(a superuser can run: ALTER ROLE "${me?.name ?? '?'}" CREATEROLE)`,
    );
  }
}

/** Whether the role exists; refuses one that is not this workspace's BI role here. */
async function existingRole(tx: Queryable, workspaceId: number, role: string): Promise<boolean> {
  const [row] = await tx.query<{
    exists: boolean;
    mapped_to: number | null;
  }>(sql`select exists (select 1 from pg_roles where rolname = ${role}) as exists,
            (select workspace_id from bi_roles where role_name = ${role}) as mapped_to`);
  if (row?.mapped_to != null && row.mapped_to !== workspaceId) {
    throw new BiRoleError(`role ${role} is the BI role of workspace ${row.mapped_to}`);
  }
  if (row?.exists && row.mapped_to == null) {
    throw new BiRoleError(
      `a role ${role} exists and is not a BI role of this database; choose another with --role`,
    );
  }
  return row?.exists ?? false;
}

const CREATE_ROLE =
  'create role %I login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password %L';

/** Creates the role, or gives it a new password, with exactly its read rights. */
export async function ensureBiRole(
  db: Db,
  workspaceId: number,
  role: string,
): Promise<BiRoleResult> {
  if (db.kind !== 'postgres') {
    throw new BiRoleError(
      'bi:role needs PostgreSQL (DATABASE_URL): the embedded database has no roles that can log in',
    );
  }
  const password = randomBytes(24).toString('base64url');
  return db.transaction(async (tx) => {
    await checkServerRole(tx);
    const exists = await existingRole(tx, workspaceId, role);
    // Only a superuser may even restate the superuser, replication and bypassrls attributes of
    // an existing role; a role made here never had them.
    const template = exists
      ? 'alter role %I login nocreatedb nocreaterole password %L'
      : CREATE_ROLE;
    await execFormatted(tx, template, [role, scramVerifier(password)]);
    await execFormatted(tx, 'alter role %I set default_transaction_read_only = on', [role]);
    await grantViews(tx, role);
    await tx.query(sql`insert into bi_roles (workspace_id, role_name) values (${workspaceId}, ${role})
       on conflict (role_name) do update set password_set_at = now()`);
    const [database] = await tx.query<{ name: string }>(sql`select current_database() as name`);
    return { role, created: !exists, password, database: database?.name ?? '' };
  });
}

async function grantViews(tx: Queryable, role: string) {
  const [schema] = await tx.query<{ name: string; usable: boolean }>(
    sql`select current_schema() as name, has_schema_privilege(${role}, current_schema(), 'usage') as usable`,
  );
  if (schema && !schema.usable) {
    await execFormatted(tx, 'grant usage on schema %I to %I', [schema.name, role]);
  }
  await execFormatted(tx, `grant select on ${BI_VIEWS.join(', ')} to %I`, [role]);
}

/** Drops a workspace's BI role: its grants, its mapping and the role itself. */
export async function dropBiRole(db: Db, workspaceId: number, role: string): Promise<void> {
  if (db.kind !== 'postgres') {
    throw new BiRoleError('bi:role needs PostgreSQL (DATABASE_URL): there is no role to drop');
  }
  await db.transaction(async (tx) => {
    await checkServerRole(tx);
    const removed = await tx.query(
      sql`delete from bi_roles where workspace_id = ${workspaceId} and role_name = ${role} returning role_name`,
    );
    if (removed.length === 0) {
      throw new BiRoleError(`${role} is not a BI role of workspace ${workspaceId}`);
    }
    await dropRoleIn(tx, role);
  });
}

/**
 * Takes a BI role's grants back and drops it, in the caller's transaction (bi:role --drop,
 * workspace:delete). A role the cluster no longer has (a restore elsewhere) is already gone.
 */
export async function dropRoleIn(tx: Queryable, role: string): Promise<void> {
  await checkServerRole(tx);
  const [found] = await tx.query(sql`select 1 from pg_roles where rolname = ${role}`);
  if (!found) return;
  await execFormatted(tx, `revoke all on ${BI_VIEWS.join(', ')} from %I`, [role]);
  await revokeSchema(tx, role);
  await execFormatted(tx, 'drop role %I', [role]);
}

/** Takes back the schema usage grantViews gave (PUBLIC's own usage is left as it is). */
async function revokeSchema(tx: Queryable, role: string) {
  const [schema] = await tx.query<{ name: string; granted: boolean }>(sql`select n.nspname as name,
            exists (select 1 from aclexplode(n.nspacl) a join pg_roles r on r.oid = a.grantee
                     where r.rolname = ${role}) as granted
       from pg_namespace n where n.nspname = current_schema()`);
  if (schema?.granted)
    await execFormatted(tx, 'revoke all on schema %I from %I', [schema.name, role]);
}

/**
 * After a restore: the workspace's BI role with its read rights again. A role that exists in
 * the cluster keeps its password; a missing one is created with a new one (returned).
 */
export async function recreateBiRole(
  db: Db,
  workspaceId: number,
  role: string,
): Promise<{ created: boolean; password: string | null }> {
  return db.transaction(async (tx) => {
    await checkServerRole(tx);
    const exists = await existingRole(tx, workspaceId, role);
    const password = exists ? null : randomBytes(24).toString('base64url');
    if (password !== null) {
      await execFormatted(tx, CREATE_ROLE, [role, scramVerifier(password)]);
      await execFormatted(tx, 'alter role %I set default_transaction_read_only = on', [role]);
      await tx.query(sql`update bi_roles set password_set_at = now() where role_name = ${role}`);
    }
    await grantViews(tx, role);
    return { created: password !== null, password };
  });
}
