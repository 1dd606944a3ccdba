import type { Contact, ContactGroup, ContactInput } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { ConfirmSaveAction } from '@/domain/confirm-save';
import type { GroupDraft, RemovalDraft } from './contact-groups.draft';
import type { SaveInput } from '../shared/modal-save.machine';

export type GroupFormAction = Extract<
  ConfirmSaveAction,
  'AddContact' | 'AddContactGroup' | 'RenameContactGroup'
>;

/** The groups after a write, and the group written to: null when it is gone. */
export interface AfterWrite {
  groups: ContactGroup[];
  select: string | null;
}

/** An entry with @ is an address, otherwise a domain. */
const toContactInput = (item: string): ContactInput =>
  item.includes('@') ? { address: item } : { domain: item };

const BASE = '/portal/api/settings/contact-groups/';

export function createContactGroupsActors(client: ApiClient) {
  const listGroups = async (signal?: AbortSignal) =>
    (await expectData(client.GET(BASE, { signal }))).contact_groups;

  /** Runs one write, then reads the groups again so counts and names are the server's. */
  async function writeThenList(write: () => Promise<string | null>): Promise<AfterWrite> {
    const select = await write();
    return { groups: await listGroups(), select };
  }

  const name = (group: string) => ({ params: { query: { name: group } } });

  return {
    loadGroups: fromPromise<ContactGroup[]>(({ signal }) => listGroups(signal)),
    loadContacts: fromPromise<Contact[], { group: string }>(
      async ({ input, signal }) =>
        (await expectData(client.GET(`${BASE}details/`, { ...name(input.group), signal })))
          .contacts,
    ),
    saveGroupChange: fromPromise<AfterWrite, SaveInput<GroupDraft>>(({ input: { draft } }) =>
      writeThenList(async () => {
        const contacts = draft.items.map(({ item }) => toContactInput(item));
        const group = draft.target ?? '';
        switch (draft.action) {
          case 'AddContactGroup': {
            const body = { name: draft.name.trim(), contacts };
            return (await expectData(client.POST(`${BASE}create/`, { body }))).contact_group;
          }
          case 'AddContact':
            await expectData(
              client.POST(`${BASE}add_contacts/`, { ...name(group), body: { contacts } }),
            );
            return group;
          case 'RenameContactGroup': {
            const body = { name: draft.name.trim() };
            const renamed = client.POST(`${BASE}rename/`, { ...name(group), body });
            return (await expectData(renamed)).contact_group;
          }
        }
      }),
    ),
    removeFromGroup: fromPromise<AfterWrite, SaveInput<RemovalDraft>>(
      ({ input: { draft: input } }) =>
        writeThenList(async () => {
          if (input.kind === 'group') {
            await expectData(client.DELETE(`${BASE}delete_group/`, name(input.group)));
            return null;
          }
          const body = { contact_ids: input.ids };
          const left = await expectData(
            client.POST(`${BASE}remove_contacts/`, { ...name(input.group), body }),
          );
          // Removing the last contacts deletes the group.
          return left.contacts.length > 0 ? input.group : null;
        }),
    ),
  };
}
