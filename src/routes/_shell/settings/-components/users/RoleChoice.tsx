import { useId } from 'react';
import { ROLE_LABELS } from '../../../../../machines/users.rows';
import { ROLES, type Role } from '../../../../../session/user-info';
import './RoleChoice.css';

const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Sees email statistics for all tracked mailboxes and manages the settings.',
  manager: 'Sees statistics only for the teams and mailboxes you choose.',
  viewer: 'Sees only the statistics of their own mailbox.',
};

/** The role selector: one card per role with its description (native radios, restyled). */
export function RoleChoice({
  value,
  onChange,
}: {
  value: Role | null;
  onChange: (role: Role) => void;
}) {
  const name = useId();
  return (
    <fieldset className="role-choice">
      <legend className="field-label">Role</legend>
      <div className="role-choice-options">
        {ROLES.map((role) => (
          <label key={role} className="role-option">
            <input
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
            />
            <span className="role-option-text">
              <span className="role-option-name">{ROLE_LABELS[role]}</span>
              <span className="role-option-description">{ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
