import type { Mailbox, Team } from '@/api/types';
import { useSelector } from '@xstate/react';
import { plural } from '@/domain/text';
import {
  checkUsersDraft,
  FEW_SLOTS,
  USERS_TEXTS,
  type UsersDraft,
  type UsersDraftCheck,
} from '@/machines/users/users.draft';
import { modalSaveView } from '@/machines/shared/modal-save.view';
import { sameView } from '@/machines/shared/same-view';
import type { usersView } from '@/machines/users/users.view';
import { DialogActions } from '@/ui/DialogActions';
import { ChipsInput, type ChipTone } from '@/ui/ChipsInput';
import { Dialog } from '@/ui/Dialog';
import { Notice } from '@/ui/Notice';
import { GrantsChoice } from './GrantsChoice';
import { RoleChoice } from './RoleChoice';
import './UsersDialog.css';

interface UsersDialogProps {
  editor: NonNullable<ReturnType<typeof usersView>['editor']>;
  mailboxes: readonly Mailbox[];
  /** Null when the teams feature is off: managers are then given mailboxes only. */
  teams: readonly Team[] | null;
}

function emailsError(check: UsersDraftCheck): string | undefined {
  if (check.invalid.length > 0) return USERS_TEXTS.invalid;
  if (check.untracked.length === 1) return USERS_TEXTS.untrackedOne;
  if (check.untracked.length > 1) return USERS_TEXTS.untrackedMany;
  return undefined;
}

function SlotsNotice({ draft, check }: { draft: UsersDraft; check: UsersDraftCheck }) {
  if (draft.editing) return null;
  if (check.overLimit) {
    return (
      <Notice tone="danger">
        You're trying to add {check.newUsers} users, but you only have {check.freeSlots} slots
        remaining. Remove some users or contact your Customer Success Manager to increase your
        limit.
      </Notice>
    );
  }
  if (check.freeSlots >= FEW_SLOTS) return null;
  return (
    <Notice tone="warning">
      You can add only {check.freeSlots} more {plural(check.freeSlots, 'user')} to this workspace.
    </Notice>
  );
}

interface EmailsFieldProps {
  draft: UsersDraft;
  check: UsersDraftCheck;
  onChange: (patch: Partial<UsersDraft>) => void;
}

/** The addresses to add as chips (invalid ones red, untracked viewers amber), or the edited user. */
function EmailsField({ draft, check, onChange }: EmailsFieldProps) {
  if (draft.editing) {
    const error = emailsError(check);
    return (
      <>
        <div className="field">
          <span className="field-label">User</span>
          <span className="users-form-email">{draft.editing.email}</span>
        </div>
        {error && <Notice tone="danger">{error}</Notice>}
      </>
    );
  }
  const toneOf = (email: string): ChipTone => {
    if (check.invalid.includes(email)) return 'invalid';
    return check.untracked.includes(email) ? 'warning' : 'default';
  };
  return (
    <ChipsInput
      label="Email addresses"
      required
      value={{ values: draft.emails, pending: draft.pending }}
      onChange={({ values, pending }) => onChange({ emails: values, pending })}
      toneOf={toneOf}
      placeholder="name@company.com, another@company.com"
      hint="Separate addresses with a comma, a semicolon, a space or Enter."
      error={emailsError(check)}
    />
  );
}

/** The Add new users / Edit role modal. */
export function UsersDialog({ editor, mailboxes, teams }: UsersDialogProps) {
  const { open, saving, draft, error, canSubmit } = useSelector(editor, modalSaveView, sameView);
  const check = checkUsersDraft(draft);
  const edit = (patch: Partial<UsersDraft>) =>
    editor.send({ type: 'EDIT', draft: { ...draft, ...patch } });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) editor.send({ type: 'CLOSE' });
      }}
      size="large"
      title={draft.editing ? 'Edit role' : 'Add new users'}
      description={
        draft.editing
          ? 'Choose what this user can see on the dashboard.'
          : 'Invite colleagues by email; they sign in with their Google or Microsoft account.'
      }
      footer={
        <DialogActions
          busy={saving}
          canSubmit={canSubmit}
          submitLabel={draft.editing ? 'Save' : 'Add users'}
          onCancel={() => editor.send({ type: 'CLOSE' })}
          onSubmit={() => editor.send({ type: 'SUBMIT' })}
        />
      }
    >
      <form
        className="users-form"
        onSubmit={(event) => {
          event.preventDefault();
          editor.send({ type: 'SUBMIT' });
        }}
      >
        <EmailsField draft={draft} check={check} onChange={edit} />
        <RoleChoice value={draft.role} onChange={(role) => edit({ role })} />
        {draft.role === 'manager' && (
          <GrantsChoice
            teams={teams}
            mailboxes={mailboxes}
            chosen={draft}
            missing={check.needsGrant}
            onChange={edit}
          />
        )}
        <SlotsNotice draft={draft} check={check} />
        {error && <Notice tone="danger">{error}</Notice>}
      </form>
    </Dialog>
  );
}
