import { useActorRef, useSelector } from '@xstate/react';
import type {
  ContactGroupsActor,
  ContactGroupsMachine,
} from '@/machines/contact-groups/contact-groups.machine';
import { contactGroupsView } from '@/machines/contact-groups/contact-groups.view';
import { sameView } from '@/machines/shared/same-view';
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
  machine: ContactGroupsMachine;
  readOnly: boolean;
}

interface PanelsProps {
  view: ReturnType<typeof contactGroupsView>;
  send: ContactGroupsActor['send'];
  readOnly: boolean;
}

/** The two panels: groups, and the chosen group's contacts. */
function Panels({ view, send, readOnly }: PanelsProps) {
  const { groupsTable, contactsTable } = view;
  if (!groupsTable || !contactsTable) return null;
  return (
    <div className="contact-groups">
      <GroupsPanel
        table={groupsTable}
        groups={view.groups}
        selected={view.selected}
        readOnly={readOnly}
        send={send}
      />
      <ContactsPanel
        table={contactsTable}
        group={view.selected ?? ''}
        contacts={view.contacts}
        status={view.contactsStatus}
        readOnly={readOnly}
        send={send}
      />
    </div>
  );
}

/** Groups on the left, the chosen group's contacts on the right. */
export function ContactGroupsPage({ machine, readOnly }: ContactGroupsPageProps) {
  const actor = useActorRef(machine);
  const view = useSelector(actor, contactGroupsView, sameView);
  const { groupForm, removal } = view;
  const send: typeof actor.send = (event) => actor.send(event);
  const header = <PageHeader level={2} title="Contact Groups" subtitle={CONTACT_GROUPS_SUBTITLE} />;

  let body;
  if (view.status === 'failed') {
    body = (
      <Card>
        <ErrorState onRefresh={() => send({ type: 'RETRY' })} />
      </Card>
    );
  } else if (view.status === 'loading') {
    body = (
      <div className="settings-loading">
        <Spinner label="Loading contact groups" />
      </div>
    );
  } else if (view.empty) {
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
    body = <Panels view={view} send={send} readOnly={readOnly} />;
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
