import { fakeApi } from '../support/fake-api';

const BASE = '/portal/api/settings/contact-groups/';

type ContactInput = { address?: string | null; domain?: string | null };

/** A stateful stand-in for the contact-group calls, enough for the page to be driven. */
export function fakeGroupsApi(initial: Record<string, string[]>) {
  let nextId = 1;
  const groups = new Map(
    Object.entries(initial).map(([name, items]) => [
      name,
      items.map((item) => ({ id: nextId++, item })),
    ]),
  );
  const itemOf = (contact: ContactInput) => (contact.address ?? contact.domain ?? '').toLowerCase();
  const list = () => ({
    body: {
      contact_groups: [...groups].map(([name, contacts]) => ({
        contact_group: name,
        contacts_number: contacts.length,
      })),
    },
  });
  return fakeApi({
    [`GET ${BASE}`]: list,
    [`GET ${BASE}details/`]: (call) => ({
      body: { contacts: groups.get(call.query.get('name') ?? '') ?? [] },
    }),
    [`POST ${BASE}create/`]: (call) => {
      const body = call.body as { name: string; contacts: ContactInput[] };
      groups.set(
        body.name,
        body.contacts.map((contact) => ({ id: nextId++, item: itemOf(contact) })),
      );
      return {
        status: 201,
        body: { contact_group: body.name, contacts_number: body.contacts.length },
      };
    },
    [`POST ${BASE}add_contacts/`]: (call) => {
      const contacts = groups.get(call.query.get('name') ?? '') ?? [];
      for (const contact of (call.body as { contacts: ContactInput[] }).contacts) {
        contacts.push({ id: nextId++, item: itemOf(contact) });
      }
      return { body: { contacts } };
    },
    [`POST ${BASE}rename/`]: (call) => {
      const old = call.query.get('name') ?? '';
      const name = (call.body as { name: string }).name;
      groups.set(name, groups.get(old) ?? []);
      groups.delete(old);
      return { body: { contact_group: name, contacts_number: groups.get(name)?.length ?? 0 } };
    },
    [`DELETE ${BASE}delete_group/`]: (call) => {
      groups.delete(call.query.get('name') ?? '');
      return { status: 204 };
    },
    [`POST ${BASE}remove_contacts/`]: (call) => {
      const name = call.query.get('name') ?? '';
      const ids = (call.body as { contact_ids: number[] }).contact_ids;
      const left = (groups.get(name) ?? []).filter((contact) => !ids.includes(contact.id));
      if (left.length === 0) groups.delete(name);
      else groups.set(name, left);
      return { body: { contacts: left } };
    },
  });
}

export { BASE as GROUPS_BASE };
