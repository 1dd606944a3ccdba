import { useSelector } from '@xstate/react';
import type { GroupDraft } from '@/machines/contact-groups/contact-groups.draft';
import type {
  GroupFormActor,
  RemovalActor,
} from '@/machines/contact-groups/contact-groups.machine';
import { modalSaveView, type ModalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import { ConfirmSaveDialog } from '@/ui/ConfirmSaveDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { RemoveDialog } from './RemoveDialog';

interface ContactGroupModalsProps {
  form: GroupFormActor;
  removal: RemovalActor;
}

/** The form (then its confirm save modal) or the removal, whichever is open. */
export function ContactGroupModals({ form, removal }: ContactGroupModalsProps) {
  const formView = useSelector(form, modalSaveView, sameView);
  const removing = useSelector(removal, modalSaveView, sameView).open;
  // The form asks to confirm first, and its save runs behind the confirm step.
  if (formView.confirming || formView.saving) return <ConfirmStep form={form} view={formView} />;
  if (formView.open) return <GroupFormDialog form={form} view={formView} />;
  return removing ? <RemoveDialog removal={removal} /> : null;
}

interface FormStepProps {
  form: GroupFormActor;
  view: ModalSaveView<GroupDraft>;
}

function ConfirmStep({ form, view }: FormStepProps) {
  const { draft, saving } = view;
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
