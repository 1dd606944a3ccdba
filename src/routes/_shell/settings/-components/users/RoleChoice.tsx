import { ROLE_LABELS } from '@/machines/users/users.rows';
import { ROLES, type Role } from '@common/access-model';
import { RadioCards } from '@/ui/RadioCards';

const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Sees email statistics for all tracked mailboxes and manages the settings.',
  manager: 'Sees statistics only for the teams and mailboxes you choose.',
  viewer: 'Sees only the statistics of their own mailbox.',
};

const ROLE_OPTIONS = ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
}));

/** The role selector: one card per role with its description. */
export function RoleChoice({
  value,
  onChange,
}: {
  value: Role | null;
  onChange: (role: Role) => void;
}) {
  return (
    <RadioCards legend="Role" required options={ROLE_OPTIONS} value={value} onChange={onChange} />
  );
}
