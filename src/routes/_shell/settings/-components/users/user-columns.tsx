import type { User } from '@/api/types';
import { accessText, isSameEmail, ROLE_LABELS, type UserColumn } from '@/machines/users/users.rows';
import { Badge, type BadgeTone } from '@/ui/Badge';
import type { Column } from '@/ui/table/table-types';
import { TruncatedText } from '@/ui/TruncatedText';

const ROLE_TONES: Record<User['role'], BadgeTone> = {
  admin: 'brand',
  manager: 'success',
  viewer: 'neutral',
};

/** Name, email, role and what each user can see. */
export function userColumns(currentEmail: string): (Column<User> & { id: UserColumn })[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      width: '24%',
      render: (user) => (
        <TruncatedText className="table-primary">
          {user.full_name}
          {isSameEmail(user.email, currentEmail) && <span className="table-you"> (you)</span>}
        </TruncatedText>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortable: true,
      minor: true,
      stacked: (user) => user.email,
      render: (user) => <TruncatedText className="table-muted">{user.email}</TruncatedText>,
    },
    {
      id: 'role',
      header: 'Role',
      sortable: true,
      width: '110px',
      render: (user) => <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>,
    },
    {
      id: 'access',
      header: 'Access to data',
      sortable: true,
      width: '30%',
      render: (user) => <TruncatedText className="table-muted">{accessText(user)}</TruncatedText>,
    },
  ];
}
