import type { SnapshotFrom } from 'xstate';
import { CONTACTS_INVALID, NAME_REPEATED } from '@common/contact-items';
import { nameLengthHint, nameTooLongMessage } from '@common/limits';
import type { GroupFormAction } from '@/machines/contact-groups.actors';
import type { ContactGroupsMachine } from '@/machines/contact-groups.machine';
import { draftProblems, type ContactGroupsEvent } from '@/machines/contact-groups.setup';
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

interface GroupFormDialogProps {
  state: SnapshotFrom<ContactGroupsMachine>;
  send: (event: ContactGroupsEvent) => void;
}

/** What is said under the name: too long (with its length) or another group's. */
function nameError(problem: string | null, name: string): string | undefined {
  if (problem === 'tooLong') return nameTooLongMessage(name.trim().length);
  return problem === 'repeated' ? NAME_REPEATED : undefined;
}

/** The add group, add contact and rename modals: one form, the fields its action needs. */
export function GroupFormDialog({ state, send }: GroupFormDialogProps) {
  const { formAction, draftName, draftItems, target, error } = state.context;
  const problems = draftProblems(state.context);
  const withName = formAction !== 'AddContact';
  const withItems = formAction !== 'RenameContactGroup';
  const chips = useChipEdits({
    items: draftItems,
    onAdd: (items) => send({ type: 'ADD_ITEMS', items }),
    onRemove: (item) => send({ type: 'REMOVE_ITEM', item }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) send({ type: 'CLOSE' });
      }}
      title={TITLES[formAction]}
      description={formAction === 'AddContactGroup' ? undefined : target}
      footer={
        <>
          <Button variant="secondary" onClick={() => send({ type: 'CLOSE' })}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!state.can({ type: 'SUBMIT' })}>
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
          send({ type: 'SUBMIT' });
        }}
      >
        {withName && (
          <TextInput
            label="Group name"
            value={draftName}
            placeholder="e.g. Key accounts"
            hint={nameLengthHint(draftName.trim().length)}
            error={nameError(problems.name, draftName)}
            onChange={(event) => send({ type: 'SET_NAME', name: event.target.value })}
          />
        )}
        {withItems && (
          <ChipsInput
            label="Email addresses and domains"
            size="line"
            {...chips}
            placeholder="Type in or paste addresses or domains"
            error={problems.items === 'invalid' ? CONTACTS_INVALID : undefined}
          />
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
