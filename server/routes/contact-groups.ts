import type { FastifyInstance } from 'fastify';
import { route } from './route';
import type { Schemas } from '../contract/types';
import { DbConstraintError, type Db, type Tx } from '../db/types';
import { badRequest, notFound } from '../http/errors';
import * as repo from '../repos/contact-groups';
import { CONTACTS_INVALID, NAME_REPEATED, parseContactItem } from '../../common/contact-items';
import { MAX_PG_INTEGER } from '../../common/limits';

const ACCESS = { roles: ['admin'], feature: 'contact_groups' } as const;

/** One entry of the add modal: exactly one of address and domain; an entry with @ is an address. */
function parseContact(input: Schemas['ContactInput']): repo.NewContact | null {
  const address = input.address?.trim() ?? '';
  const domain = input.domain?.trim() ?? '';
  if ((address === '') === (domain === '')) return null;
  return parseContactItem(address || domain);
}

/** Valid, lower-cased and without repeats; any invalid entry refuses the whole request. */
function parseContacts(inputs: Schemas['ContactInput'][]): repo.NewContact[] {
  const byValue = new Map<string, repo.NewContact>();
  for (const input of inputs) {
    const contact = parseContact(input);
    if (!contact) throw badRequest(CONTACTS_INVALID);
    byValue.set(contact.value, contact);
  }
  return [...byValue.values()];
}

/** The group's id or 404; writes lock it so changes to one group run one after another. */
async function requireGroup(
  tx: Tx,
  workspaceId: number,
  name: string,
  lock = true,
): Promise<number> {
  const groupId = await repo.findGroup(tx, workspaceId, name, lock);
  if (groupId === null) throw notFound(`There is no contact group named "${name.trim()}".`);
  return groupId;
}

/** Runs a write; the unique name index catches two requests that passed the check together. */
async function writing<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (error) {
    if (error instanceof DbConstraintError && error.constraint === 'contact_groups_name_key') {
      throw badRequest(NAME_REPEATED);
    }
    throw error;
  }
}

export default function contactGroupsRoutes(app: FastifyInstance) {
  route(app, 'listContactGroups', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: { contact_groups: await repo.listGroups(db, auth.workspaceId) },
  }));

  route(app, 'getContactGroup', ACCESS, async ({ query, auth, db }) => {
    const contacts = await db.transaction(async (tx) => {
      const groupId = await requireGroup(tx, auth.workspaceId, query.name, false);
      return repo.listContacts(tx, auth.workspaceId, groupId);
    });
    return { status: 200, body: { contacts } };
  });

  route(app, 'createContactGroup', ACCESS, async ({ body, auth, db }) => {
    const name = body.name.trim();
    const contacts = parseContacts(body.contacts);
    const group = await writing(db, async (tx) => {
      if (await repo.nameTaken(tx, auth.workspaceId, name, null)) throw badRequest(NAME_REPEATED);
      const groupId = await repo.insertGroup(tx, auth.workspaceId, name);
      await repo.insertContacts(tx, auth.workspaceId, groupId, contacts);
      return repo.groupSummary(tx, auth.workspaceId, groupId);
    });
    return { status: 201, body: group };
  });

  route(app, 'addContacts', ACCESS, async ({ body, query, auth, db }) => {
    const contacts = parseContacts(body.contacts);
    const list = await db.transaction(async (tx) => {
      const groupId = await requireGroup(tx, auth.workspaceId, query.name);
      await repo.insertContacts(tx, auth.workspaceId, groupId, contacts);
      return repo.listContacts(tx, auth.workspaceId, groupId);
    });
    return { status: 200, body: { contacts: list } };
  });

  route(app, 'renameContactGroup', ACCESS, async ({ body, query, auth, db }) => {
    const name = body.name.trim();
    const group = await writing(db, async (tx) => {
      const groupId = await requireGroup(tx, auth.workspaceId, query.name);
      if (await repo.nameTaken(tx, auth.workspaceId, name, groupId))
        throw badRequest(NAME_REPEATED);
      await repo.renameGroup(tx, auth.workspaceId, groupId, name);
      return repo.groupSummary(tx, auth.workspaceId, groupId);
    });
    return { status: 200, body: group };
  });

  route(app, 'deleteContactGroup', ACCESS, async ({ query, auth, db }) => {
    await db.transaction(async (tx) => {
      const groupId = await requireGroup(tx, auth.workspaceId, query.name);
      await repo.deleteGroup(tx, auth.workspaceId, groupId);
    });
    return { status: 204 };
  });

  route(app, 'removeContacts', ACCESS, async ({ body, query, auth, db }) => {
    const ids = [...new Set(body.contact_ids)];
    const contacts = await db.transaction(async (tx) => {
      const groupId = await requireGroup(tx, auth.workspaceId, query.name);
      const inRange = ids.every((id) => id >= 1 && id <= MAX_PG_INTEGER);
      // Throwing rolls the deletion back, so an id of another group removes nothing at all.
      if (
        !inRange ||
        (await repo.deleteContacts(tx, auth.workspaceId, groupId, ids)) !== ids.length
      ) {
        throw badRequest('Some of the contacts are not in this group.');
      }
      const left = await repo.listContacts(tx, auth.workspaceId, groupId);
      if (left.length === 0) await repo.deleteGroup(tx, auth.workspaceId, groupId);
      return left;
    });
    return { status: 200, body: { contacts } };
  });
}
