import { CONTACTS_INVALID, NAME_REPEATED } from '@common/contact-items';
import { nameLengthHint, nameTooLongMessage } from '@common/limits';
import { addDraftItems } from '@/domain/contact-groups';
import type { GroupFormAction } from '@/machines/contact-groups/contact-groups.actors';
import { draftProblems, type GroupDraft } from '@/machines/contact-groups/contact-groups.draft';
import type { GroupFormActor } from '@/machines/contact-groups/contact-groups.machine';
import type { ModalSaveView } from '@/machines/shared/modal-save.view';
import { FormError } from '@/ui/Field';
import { Button } from '@/ui/Button';
import { ChipsInput } from '@/ui/ChipsInput';
import { Dialog } from '@/ui/Dialog';
import { TextInput } from '@/ui/TextInput';
import { useChipEdits } from '@/ui/use-chip-edits';

const TITLES: Record<GroupFormAction, string> = {
  AddContactGroup: 'New contact group',
  AddContact: 'Add contacts',
  RenameContactGroup: 'Rename contact group',
};

const FORM_ID = 'contact-group-form';

/** What is said under the name: too long (with its length) or another group's. */
function nameError(problem: string | null, name: string): string | undefined {
  if (problem === 'tooLong') return nameTooLongMessage(name.trim().length);
  return problem === 'repeated' ? NAME_REPEATED : undefined;
}

/** The add group, add contact and rename modals: one form, the fields its action needs. */
export function GroupFormDialog({
  form,
  view,
}: {
  form: GroupFormActor;
  /** The form's view, read by the modals around it. */
  view: ModalSaveView<GroupDraft>;
}) {
  const { draft, error, canSubmit } = view;
  const { action: formAction, name: draftName, items: draftItems, target } = draft;
  const problems = draftProblems(draft);
  const withName = formAction !== 'AddContact';
  const withItems = formAction !== 'RenameContactGroup';
  const edit = (changes: Partial<typeof draft>) =>
    form.send({ type: 'EDIT', draft: { ...draft, ...changes } });
  const close = () => form.send({ type: 'CLOSE' });
  const chips = useChipEdits({
    items: draftItems,
    // Entries already in the group (AddContact) are dropped, as repeats are.
    onAdd: (items) => edit({ items: addDraftItems(draftItems, items, draft.present) }),
    onRemove: (item) => edit({ items: draftItems.filter((entry) => entry.item !== item) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={TITLES[formAction]}
      description={formAction === 'AddContactGroup' ? undefined : target}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!canSubmit}>
            Save
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="cg-form"
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'SUBMIT' });
        }}
      >
        {withName && (
          <TextInput
            label="Group name"
            required
            value={draftName}
            placeholder="e.g. Key accounts"
            hint={nameLengthHint(draftName.trim().length)}
            error={nameError(problems.name, draftName)}
            onChange={(event) => edit({ name: event.target.value })}
          />
        )}
        {withItems && (
          <ChipsInput
            label="Email addresses and domains"
            required
            size="line"
            {...chips}
            placeholder="Type in or paste addresses or domains"
            error={problems.items === 'invalid' ? CONTACTS_INVALID : undefined}
          />
        )}
        <FormError>{error}</FormError>
      </form>
    </Dialog>
  );
}
