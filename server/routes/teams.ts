import type { FastifyInstance } from 'fastify';
import { DbConstraintError, type Tx } from '../db/types';
import { route } from './route';
import { badRequest, notFound } from '../http/errors';
import { normalizeEmails } from '../domain/mailbox-addresses';
import { requireTeams, trackedMailboxIds } from '../domain/references';
import { findMailboxIds } from '../repos/mailboxes';
import {
  deleteTeams,
  insertTeam,
  listTeams,
  renameTeam,
  replaceMembers,
  teamNameTaken,
} from '../repos/teams';
import { reportChange } from '../audit/report';
import { teamItem } from '../audit/targets-people';

const ADMIN = { roles: ['admin'], feature: 'teams' } as const;
const NAME_TAKEN = 'This team name already exists';

/** Every member must be a tracked mailbox of this workspace; returns their ids. */
async function memberIds(
  tx: Tx,
  workspaceId: number,
  members: readonly string[],
): Promise<number[]> {
  const emails = normalizeEmails(members);
  return trackedMailboxIds(emails, await findMailboxIds(tx, workspaceId, emails));
}

async function checkName(tx: Tx, workspaceId: number, name: string, exceptTeamId: number | null) {
  if (await teamNameTaken(tx, workspaceId, name, exceptTeamId)) throw badRequest(NAME_TAKEN);
}

async function savedTeam(tx: Tx, workspaceId: number, id: number) {
  const [team] = await listTeams(tx, workspaceId, [id]);
  if (!team) throw new Error(`team ${id} vanished inside its own transaction`);
  return team;
}

/** A parallel save of the same name passes the check and trips the unique index instead. */
async function guardName<T>(save: Promise<T>): Promise<T> {
  try {
    return await save;
  } catch (error) {
    if (error instanceof DbConstraintError && error.constraint === 'teams_name_key')
      throw badRequest(NAME_TAKEN);
    throw error;
  }
}

export default function teamsRoutes(app: FastifyInstance) {
  route(app, 'listTeams', ADMIN, async ({ auth, db }) => ({
    status: 200,
    body: { teams: await listTeams(db, auth.workspaceId) },
  }));

  route(app, 'createTeam', ADMIN, async ({ body, auth, db }) => {
    const name = body.name.trim();
    const team = await guardName(
      db.transaction(async (tx) => {
        await checkName(tx, auth.workspaceId, name, null);
        const members = await memberIds(tx, auth.workspaceId, body.members);
        const id = await insertTeam(tx, auth.workspaceId, name);
        await replaceMembers(tx, auth.workspaceId, id, members);
        const saved = await savedTeam(tx, auth.workspaceId, id);
        // No team had the name (checkName): before, the log finds none.
        reportChange(tx, () => ({ before: [], after: [teamItem(saved)] }));
        return saved;
      }),
    );
    return { status: 201, body: team };
  });

  route(app, 'updateTeam', ADMIN, async ({ body, auth, db }) => {
    const name = body.name.trim();
    const team = await guardName(
      db.transaction(async (tx) => {
        const [before] = await listTeams(tx, auth.workspaceId, [body.id]);
        if (!before) throw notFound(`There is no team with id ${body.id}.`);
        await checkName(tx, auth.workspaceId, name, body.id);
        const members = await memberIds(tx, auth.workspaceId, body.members);
        await renameTeam(tx, auth.workspaceId, body.id, name);
        await replaceMembers(tx, auth.workspaceId, body.id, members);
        const saved = await savedTeam(tx, auth.workspaceId, body.id);
        reportChange(tx, () => ({ before: [teamItem(before)], after: [teamItem(saved)] }));
        return saved;
      }),
    );
    return { status: 200, body: team };
  });

  route(app, 'deleteTeams', ADMIN, async ({ body, auth, db }) => {
    const ids = [...new Set(body.teams)];
    await db.transaction(async (tx) => {
      const teams = await listTeams(tx, auth.workspaceId, ids);
      requireTeams(ids, new Set(teams.map((team) => team.id)));
      await deleteTeams(tx, auth.workspaceId, ids);
      reportChange(tx, () => ({ before: teams.map(teamItem), after: [] }));
    });
    return { status: 204 };
  });
}
