import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import {
  contactGroupsMachine,
  type ContactGroupsMachine,
} from '@/machines/contact-groups/contact-groups.machine';
import type { ContactGroupsEvent } from '@/machines/contact-groups/contact-groups.setup';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { UsersIcon } from '@/ui/icons';
import { Card, PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { Spinner } from '@/ui/Spinner';
import { ContactGroupModals } from './ContactGroupModals';
import { ContactsPanel } from './ContactsPanel';
import { GroupsPanel } from './GroupsPanel';
import '../settings-forms.css';
import './contact-groups.css';

const CONTACT_GROUPS_SUBTITLE =
  'Organize email addresses and domains in groups for easier reporting and filtering.';

interface ContactGroupsPageProps {
  readOnly: boolean;
  /** Tests pass the machine with stand-in calls. */
  machine?: ContactGroupsMachine;
}

interface PanelsProps {
  state: SnapshotFrom<ContactGroupsMachine>;
  send: (event: ContactGroupsEvent) => void;
  readOnly: boolean;
}

function contactsStatus(state: SnapshotFrom<ContactGroupsMachine>) {
  if (state.matches({ ready: { group: 'contactsFailed' } })) return 'failed';
  return state.matches({ ready: { group: 'contactsReady' } }) ? 'ready' : 'loading';
}

/** The two panels: groups, and the chosen group's contacts. */
function Panels({ state, send, readOnly }: PanelsProps) {
  const { groups: groupsTable, contacts: contactsTable } = state.children;
  if (!groupsTable || !contactsTable) return null;
  return (
    <div className="contact-groups">
      <GroupsPanel
        table={groupsTable}
        groups={state.context.groups}
        selected={state.context.selected}
        readOnly={readOnly}
        send={send}
      />
      <ContactsPanel
        table={contactsTable}
        group={state.context.selected ?? ''}
        contacts={state.context.contacts}
        status={contactsStatus(state)}
        readOnly={readOnly}
        send={send}
      />
    </div>
  );
}

/** Groups on the left, the chosen group's contacts on the right. */
export function ContactGroupsPage({
  readOnly,
  machine = contactGroupsMachine,
}: ContactGroupsPageProps) {
  const [state, send] = useMachine(machine);
  const { groupForm, removal } = state.children;
  const header = <PageHeader level={2} title="Contact Groups" subtitle={CONTACT_GROUPS_SUBTITLE} />;

  let body;
  if (state.matches('failed')) {
    body = (
      <Card>
        <ErrorState onRefresh={() => send({ type: 'RETRY' })} />
      </Card>
    );
  } else if (state.matches('loading')) {
    body = (
      <div className="settings-loading">
        <Spinner label="Loading contact groups" />
      </div>
    );
  } else if (state.matches({ ready: 'empty' })) {
    body = (
      <Card>
        <EmptyState
          headingLevel={3}
          icon={<UsersIcon size={26} />}
          title="Organize your contacts in groups"
          text="Put the addresses and domains of your customers, partners or suppliers in groups to report on them and filter by them."
          action={
            !readOnly && (
              <Button onClick={() => send({ type: 'OPEN_ADD_GROUP' })}>Create group</Button>
            )
          }
        />
      </Card>
    );
  } else {
    body = <Panels state={state} send={send} readOnly={readOnly} />;
  }

  return (
    <>
      {header}
      {readOnly && <ReadOnlyNote />}
      {body}
      {groupForm && removal && <ContactGroupModals form={groupForm} removal={removal} />}
    </>
  );
}
