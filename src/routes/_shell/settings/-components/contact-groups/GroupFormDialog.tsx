import type { SnapshotFrom } from 'xstate';
import { CONTACTS_INVALID, NAME_REPEATED } from '@common/contact-items';
import type { GroupFormAction } from '@/machines/contactGroups.actors';
import type { ContactGroupsMachine } from '@/machines/contactGroups.machine';
import { draftProblems, type ContactGroupsEvent } from '@/machines/contactGroups.setup';
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
            maxLength={100}
            error={problems.name === 'repeated' ? NAME_REPEATED : undefined}
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
