import { useSelector } from '@xstate/react';
import type {
  GroupFormActor,
  RemovalActor,
} from '@/machines/contact-groups/contact-groups.machine';
import { ConfirmSaveDialog } from '@/ui/ConfirmSaveDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { RemoveDialog } from './RemoveDialog';

interface ContactGroupModalsProps {
  form: GroupFormActor;
  removal: RemovalActor;
}

/** The form (then its confirm save modal) or the removal, whichever is open. */
export function ContactGroupModals({ form, removal }: ContactGroupModalsProps) {
  const formStep = useSelector(form, (snapshot) =>
    snapshot.can({ type: 'CONFIRM' }) || snapshot.hasTag('saving')
      ? 'confirm'
      : snapshot.hasTag('visible')
        ? 'form'
        : null,
  );
  const removing = useSelector(removal, (snapshot) => snapshot.hasTag('visible'));
  if (formStep === 'confirm') return <ConfirmStep form={form} />;
  if (formStep === 'form') return <GroupFormDialog form={form} />;
  return removing ? <RemoveDialog removal={removal} /> : null;
}

function ConfirmStep({ form }: { form: GroupFormActor }) {
  const draft = useSelector(form, (snapshot) => snapshot.context.draft);
  const saving = useSelector(form, (snapshot) => snapshot.hasTag('saving'));
  return (
    <ConfirmSaveDialog
      action={draft.action}
      subject={{
        name: draft.action === 'AddContact' ? (draft.target ?? '') : draft.name.trim(),
        count: draft.items.length,
      }}
      busy={saving}
      onConfirm={() => form.send({ type: 'CONFIRM' })}
      onBack={() => form.send({ type: 'BACK' })}
      onClose={() => form.send({ type: 'CLOSE' })}
    />
  );
}
