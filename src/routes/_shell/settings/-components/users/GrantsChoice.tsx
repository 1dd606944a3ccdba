import type { Mailbox, Team } from '@/api/types';
import { plural } from '@/domain/text';
import { USERS_TEXTS } from '@/machines/users/users.draft';
import { CheckList, mailboxOptions } from '@/ui/CheckList';

interface GrantsChoiceProps {
  /** Null when the teams feature is off: managers are then given mailboxes only. */
  teams: readonly Team[] | null;
  mailboxes: readonly Mailbox[];
  chosen: { teams: number[]; mailboxes: string[] };
  /** True while the manager would see nothing: the hint turns to a warning. */
  missing: boolean;
  onChange: (chosen: { teams?: number[]; mailboxes?: string[] }) => void;
}

/** A manager's teams and mailboxes, two lists of at most 200 px. */
export function GrantsChoice({ teams, mailboxes, chosen, missing, onChange }: GrantsChoiceProps) {
  return (
    <div className="users-form-grants">
      <p className={missing ? 'users-form-grants-hint is-missing' : 'users-form-grants-hint'}>
        {USERS_TEXTS.needsGrant}
      </p>
      <div className="users-form-lists">
        {teams && (
          <CheckList
            label="Teams"
            options={teams.map((team) => ({
              value: String(team.id),
              label: team.name,
              detail: `${team.members.length} ${plural(team.members.length, 'mailbox', 'mailboxes')}`,
            }))}
            selected={chosen.teams.map(String)}
            onChange={(selected) => onChange({ teams: selected.map(Number) })}
            emptyText="No teams yet."
          />
        )}
        <CheckList
          label="Mailboxes"
          options={mailboxOptions(mailboxes)}
          selected={chosen.mailboxes}
          onChange={(selected) => onChange({ mailboxes: selected })}
          emptyText="No tracked mailboxes yet."
        />
      </div>
    </div>
  );
}
