import type { User } from '@/api/types';
import { accessText, isSameEmail, ROLE_LABELS, type UserColumn } from '@/machines/users.rows';
import { Badge, type BadgeTone } from '@/ui/Badge';
import type { Column } from '@/ui/table/table-types';

const ROLE_TONES: Record<User['role'], BadgeTone> = {
  admin: 'brand',
  manager: 'success',
  viewer: 'neutral',
};

/** Name, email, role and what each user can see (spec 2, Users tab). */
export function userColumns(currentEmail: string): (Column<User> & { id: UserColumn })[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      width: '24%',
      minor: true,
      render: (user) => (
        <span className="table-primary">
          {user.full_name}
          {isSameEmail(user.email, currentEmail) && <span className="table-you"> (you)</span>}
        </span>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortable: true,
      render: (user) => <span className="table-muted">{user.email}</span>,
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
      render: (user) => <span className="table-muted">{accessText(user)}</span>,
    },
  ];
}
