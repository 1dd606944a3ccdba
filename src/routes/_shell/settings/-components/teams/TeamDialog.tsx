import type { Mailbox } from '@/api/types';
import { useSelector } from '@xstate/react';
import { nameLengthHint, nameTooLongMessage } from '@common/limits';
import {
  isTeamNameTaken,
  isTeamNameTooLong,
  TEAM_NAME_TAKEN,
  type TeamDraft,
} from '@/machines/teams/teams.draft';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import type { teamsView } from '@/machines/teams/teams.view';
import { DialogActions } from '@/ui/DialogActions';
import { CheckList, mailboxOptions } from '@/ui/CheckList';
import { Dialog } from '@/ui/Dialog';
import { Notice } from '@/ui/Notice';
import { TextInput } from '@/ui/TextInput';
import './TeamDialog.css';

interface TeamDialogProps {
  editor: NonNullable<ReturnType<typeof teamsView>['editor']>;
  mailboxes: readonly Mailbox[];
}

/** The Create new team / Edit team modal: a name and the team's mailboxes. */
export function TeamDialog({ editor, mailboxes }: TeamDialogProps) {
  const { open, saving, draft, error, canSubmit } = useSelector(editor, modalSaveView, sameView);
  const edit = (patch: Partial<TeamDraft>) =>
    editor.send({ type: 'EDIT', draft: { ...draft, ...patch } });
  // The same text from the client's check and from the server's 400 goes under the name.
  const nameError = isTeamNameTooLong(draft)
    ? nameTooLongMessage(draft.name.trim().length)
    : isTeamNameTaken(draft) || error === TEAM_NAME_TAKEN
      ? TEAM_NAME_TAKEN
      : undefined;
  const isNew = draft.id === null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) editor.send({ type: 'CLOSE' });
      }}
      title={isNew ? 'Create new team' : 'Edit team'}
      description="Group mailboxes to follow them together on your dashboard."
      footer={
        <DialogActions
          busy={saving}
          canSubmit={canSubmit}
          submitLabel={isNew ? 'Create team' : 'Save'}
          onCancel={() => editor.send({ type: 'CLOSE' })}
          onSubmit={() => editor.send({ type: 'SUBMIT' })}
        />
      }
    >
      <form
        className="team-form"
        onSubmit={(event) => {
          event.preventDefault();
          editor.send({ type: 'SUBMIT' });
        }}
      >
        <TextInput
          label="Team name"
          required
          value={draft.name}
          hint={nameLengthHint(draft.name.trim().length)}
          placeholder="e.g. Customer Success"
          error={nameError}
          onChange={(event) => edit({ name: event.target.value })}
        />
        <CheckList
          label="Mailboxes"
          required
          options={mailboxOptions(mailboxes)}
          selected={draft.members}
          onChange={(members) => edit({ members })}
          emptyText="No tracked mailboxes yet: add mailboxes first."
        />
        {error && !nameError && <Notice tone="danger">{error}</Notice>}
      </form>
    </Dialog>
  );
}
