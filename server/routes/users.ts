import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/types';
import type { Schemas } from '../contract/types';
import { route } from './route';
import { requestCaller } from '../audit/caller';
import { revokeSessions } from '../audit/sessions';
import { SnapshotCache } from '../db/snapshot-cache';
import { badRequest } from '../http/errors';
import { addressProblem, nameFromAddress, normalizeEmails } from '../domain/mailbox-addresses';
import { requireTeams, trackedMailboxIds } from '../domain/references';
import { findMailboxIds, findMailboxNames } from '../repos/mailboxes';
import { lockQuota } from '../repos/quotas';
import { findTeamIds } from '../repos/teams';
import {
  deleteUsers,
  emailsOfOtherWorkspaces,
  findUsersByEmail,
  findUsersById,
  insertUsers,
  listUsers,
  replaceGrants,
  setRole,
} from '../repos/users';

const ADMIN = { roles: ['admin'], feature: 'users' } as const;

interface Grants {
  mailboxIds: number[];
  teamIds: number[];
}

/** Resolves what a manager may see; every mailbox must be tracked and every team must exist here. */
async function resolveGrants(
  tx: Tx,
  workspaceId: number,
  mailboxes: readonly string[] = [],
  teams: readonly number[] = [],
): Promise<Grants> {
  const emails = normalizeEmails(mailboxes);
  const teamIds = [...new Set(teams)];
  if (emails.length === 0 && teamIds.length === 0) {
    throw badRequest('A manager needs at least one team or mailbox to see.');
  }
  const mailboxIds = trackedMailboxIds(emails, await findMailboxIds(tx, workspaceId, emails));
  requireTeams(teamIds, await findTeamIds(tx, workspaceId, teamIds));
  return { mailboxIds, teamIds };
}

/** The spec's texts, typos included; the addresses follow the colon. */
function untrackedViewersMessage(emails: readonly string[]) {
  const text =
    emails.length === 1
      ? "This user don't have a tracked mailbox"
      : "These users doesn't have a tracked mailboxes";
  return `${text}: ${emails.join(', ')}`;
}

const TAKEN_ELSEWHERE =
  'Some of these addresses cannot be added: they are users of another workspace. Contact your ' +
  'Customer Success Manager.';

/** Only new addresses count; giving existing users a role works even over a lowered limit. */
function checkUserLimit(used: number, max: number, adding: number) {
  if (adding === 0 || used + adding <= max) return;
  if (used >= max) throw badRequest(`You've reached your user limit: ${used} of ${max} users.`);
  throw badRequest(
    `You're trying to add ${adding} users, but you only have ${max - used} slots remaining. Remove some users or contact your Customer Success Manager to increase your limit.`,
  );
}

type CreateUsersBody = Schemas['CreateUsers'];

/** Creates the new addresses and gives existing users the role; returns every affected user id. */
async function saveUsers(tx: Tx, workspaceId: number, emails: string[], body: CreateUsersBody) {
  const quota = await lockQuota(tx, workspaceId, 'users');
  const problem = addressProblem(emails, quota.allowedDomains);
  if (problem) throw badRequest(problem);
  const elsewhere = await emailsOfOtherWorkspaces(tx, workspaceId, emails);
  // Naming them would tell any admin who is a user elsewhere (issue 44).
  if (elsewhere.length > 0) throw badRequest(TAKEN_ELSEWHERE);
  const mailboxes = await findMailboxIds(tx, workspaceId, emails);
  if (body.role === 'viewer') {
    const untracked = emails.filter((email) => !mailboxes.has(email));
    if (untracked.length > 0) throw badRequest(untrackedViewersMessage(untracked));
  }
  const grants =
    body.role === 'manager'
      ? await resolveGrants(tx, workspaceId, body.manage_mailboxes, body.manage_teams)
      : { mailboxIds: [], teamIds: [] };
  const existing = await findUsersByEmail(tx, workspaceId, emails);
  const fresh = emails.filter((email) => !existing.has(email));
  checkUserLimit(quota.used, quota.max, fresh.length);
  const namedAfter = await findMailboxNames(tx, workspaceId, fresh);
  const created = await insertUsers(
    tx,
    workspaceId,
    fresh.map((email) => ({ email, fullName: namedAfter.get(email) ?? nameFromAddress(email) })),
    body.role,
  );
  const updated = [...existing.values()].map((user) => user.id);
  await setRole(tx, workspaceId, updated, body.role);
  const ids = [...created, ...updated];
  await replaceGrants(tx, workspaceId, ids, grants.mailboxIds, grants.teamIds);
  return ids;
}

export default function usersRoutes(app: FastifyInstance) {
  // The list is large (5,000 users is 700 kB) and read far more often than it changes.
  const lists = new SnapshotCache<number, Readonly<Schemas['UserList']>>();
  route(app, 'listUsers', ADMIN, async ({ auth, db }) => ({
    status: 200,
    body: await lists.get(db, auth.workspaceId, async () =>
      Object.freeze({ users: await listUsers(db, auth.workspaceId) }),
    ),
  }));

  route(app, 'createUsers', ADMIN, async ({ body, auth, db }) => {
    const emails = normalizeEmails(body.emails);
    if (emails.includes(auth.email.toLowerCase()))
      throw badRequest('You cannot change your own role.');
    const users = await db.transaction(async (tx) => {
      const ids = await saveUsers(tx, auth.workspaceId, emails, body);
      return listUsers(tx, auth.workspaceId, ids);
    });
    return { status: 201, body: { users } };
  });

  route(app, 'deleteUsers', ADMIN, async ({ body, auth, db, request }) => {
    const emails = normalizeEmails(body.emails);
    if (emails.includes(auth.email.toLowerCase())) throw badRequest('You cannot remove yourself.');
    await db.transaction(async (tx) => {
      const found = await findUsersByEmail(tx, auth.workspaceId, emails);
      const unknown = emails.filter((email) => !found.has(email));
      if (unknown.length > 0)
        throw badRequest(`These addresses are not users of this workspace: ${unknown.join(', ')}.`);
      const users = [...found].map(([email, user]) => ({ id: user.id, email }));
      const caller = requestCaller(request, auth);
      await revokeSessions(tx, auth.workspaceId, users, 'user removed', caller);
      await deleteUsers(
        tx,
        auth.workspaceId,
        users.map((user) => user.id),
      );
    });
    return { status: 204 };
  });

  route(app, 'assignManagers', ADMIN, async ({ body, auth, db }) => {
    const managerIds = [...new Set(body.manager_ids)];
    const users = await db.transaction(async (tx) => {
      const roles = await findUsersById(tx, auth.workspaceId, managerIds);
      const notManagers = managerIds.filter((id) => roles.get(id) !== 'manager');
      if (notManagers.length > 0) {
        throw badRequest(
          `These ids are not managers of this workspace: ${notManagers.join(', ')}.`,
        );
      }
      const grants = await resolveGrants(tx, auth.workspaceId, body.mailboxes, body.teams);
      await replaceGrants(tx, auth.workspaceId, managerIds, grants.mailboxIds, grants.teamIds);
      return listUsers(tx, auth.workspaceId, managerIds);
    });
    return { status: 200, body: { users } };
  });
}
