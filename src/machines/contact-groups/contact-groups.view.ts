import type { SnapshotFrom } from 'xstate';
import { loadStatus, type LoadStatus } from '../shared/load-status.view';
import type { ContactGroupsMachine } from './contact-groups.machine';

type Snapshot = SnapshotFrom<ContactGroupsMachine>;

/** Where the chosen group's contacts are. */
function contactsStatus(snapshot: Snapshot): LoadStatus {
  if (snapshot.matches({ ready: { group: 'contactsFailed' } })) return 'failed';
  return snapshot.matches({ ready: { group: 'contactsReady' } }) ? 'ready' : 'loading';
}

/** What the contact groups page shows of a snapshot of its machine. */
export function contactGroupsView(snapshot: Snapshot) {
  const { context, children } = snapshot;
  return {
    status: loadStatus(snapshot),
    /** No group yet: the page offers Create group. */
    empty: snapshot.matches({ ready: 'empty' }),
    groups: context.groups,
    /** The group whose contacts the right panel shows. */
    selected: context.selected,
    contacts: context.contacts,
    contactsStatus: contactsStatus(snapshot),
    /** The panels' tables (order, sort and ticks) and the two modals. */
    groupsTable: children.groups,
    contactsTable: children.contacts,
    groupForm: children.groupForm,
    removal: children.removal,
  };
}
