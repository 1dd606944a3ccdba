import type { SnapshotFrom } from 'xstate';
import { contactCount } from '@/domain/contact-groups';
import { truncate } from '@/domain/text';
import type { ContactGroupsMachine } from '@/machines/contactGroups.machine';
import type { ContactGroupsEvent } from '@/machines/contactGroups.setup';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';

interface RemoveDialogProps {
  state: SnapshotFrom<ContactGroupsMachine>;
  send: (event: ContactGroupsEvent) => void;
}

function removalText(state: SnapshotFrom<ContactGroupsMachine>): string {
  const { removeKind, removeAll, removeIds, target, contacts, groups } = state.context;
  const group = truncate(target ?? '');
  if (removeKind === 'group') {
    if (removeAll) {
      return `You are removing every contact of ${group}, so the group will be removed too.`;
    }
    const count = groups.find((g) => g.contact_group === target)?.contacts_number ?? 0;
    return `The group ${group} and its ${contactCount(count)} will be removed.`;
  }
  const only = removeIds.length === 1 ? contacts.find((c) => c.id === removeIds[0]) : undefined;
  const what = only ? truncate(only.item) : contactCount(removeIds.length);
  return `${what} will be removed from ${group}.`;
}

/** The remove contacts and remove group modals; the group's has no close button. */
export function RemoveDialog({ state, send }: RemoveDialogProps) {
  const { removeKind, removeIds } = state.context;
  const isGroup = removeKind === 'group';
  const title = isGroup
    ? 'Remove group'
    : removeIds.length === 1
      ? 'Remove contact'
      : 'Remove contacts';
  const removing = state.hasTag('saving');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) send({ type: 'CLOSE' });
      }}
      title={title}
      description={removalText(state)}
      hideClose={isGroup}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={() => send({ type: 'CLOSE' })} disabled={removing}>
            Cancel
          </Button>
          <Button variant="danger" busy={removing} onClick={() => send({ type: 'CONFIRM' })}>
            {title}
          </Button>
        </>
      }
    />
  );
}
