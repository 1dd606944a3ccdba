import type { SnapshotFrom } from 'xstate';
import type { ContactGroupsMachine } from '@/machines/contactGroups.machine';
import type { ContactGroupsEvent } from '@/machines/contactGroups.setup';
import { ConfirmSaveDialog } from '@/ui/ConfirmSaveDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { RemoveDialog } from './RemoveDialog';

interface ContactGroupModalsProps {
  state: SnapshotFrom<ContactGroupsMachine>;
  send: (event: ContactGroupsEvent) => void;
}

/** The modal the machine has open, if any. */
export function ContactGroupModals({ state, send }: ContactGroupModalsProps) {
  const { formAction, draftName, draftItems, target } = state.context;
  const close = () => send({ type: 'CLOSE' });
  const confirming = state.matches({ ready: { modal: { form: { editing: 'confirming' } } } });
  const saving = state.matches({ ready: { modal: { form: 'saving' } } });
  if (confirming || saving) {
    return (
      <ConfirmSaveDialog
        action={formAction}
        subject={{
          name: formAction === 'AddContact' ? (target ?? '') : draftName.trim(),
          count: draftItems.length,
        }}
        busy={saving}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onBack={() => send({ type: 'BACK' })}
        onClose={close}
      />
    );
  }
  if (state.matches({ ready: { modal: 'form' } })) {
    return <GroupFormDialog state={state} send={send} />;
  }
  if (state.matches({ ready: { modal: 'removal' } })) {
    return <RemoveDialog state={state} send={send} />;
  }
  return null;
}
