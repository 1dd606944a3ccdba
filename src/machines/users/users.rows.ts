import type { User } from '@/api/types';
import { capitalisedNumber } from '@/domain/number-words';
import { plural } from '@/domain/text';
import type { Role } from '@/session/user-info';
import type { ToastOptions } from '@/stores/toast-store';
import { searchText, type TableRow } from '../shared/table.view';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  viewer: 'Viewer',
};

/** What each row says its user can see. */
export function accessText(user: User): string {
  if (user.role === 'admin') return 'All mailboxes';
  if (user.role === 'viewer') return user.tracked ? user.email : 'No tracked mailbox';
  const { teams, mailboxes } = user.can_see_data_for;
  return `${teams.length} ${plural(teams.length, 'team')}, ${mailboxes.length} ${plural(mailboxes.length, 'mailbox', 'mailboxes')}`;
}

/** The sortable columns of the users table. */
export type UserColumn = 'name' | 'email' | 'role' | 'access';

export const isSameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The signed-in user's own row cannot be selected (nor edited or removed). */
export function userRow(user: User, currentEmail: string): TableRow {
  const role = ROLE_LABELS[user.role];
  const access = accessText(user);
  return {
    key: user.email,
    selectable: !isSameEmail(user.email, currentEmail),
    text: searchText(user.full_name, user.email, role, access),
    sort: {
      name: user.full_name,
      email: user.email,
      role,
      access,
    } satisfies Record<UserColumn, string>,
  };
}

/** `Two new users added!` / `One new user added!` */
export const usersAddedToast = (count: number): ToastOptions => ({
  title: `${capitalisedNumber(count)} new ${plural(count, 'user')} added!`,
  variant: 'success',
});

/** `One user removed` / `Two users removed` */
export const usersRemovedToast = (count: number): ToastOptions => ({
  title: `${capitalisedNumber(count)} ${plural(count, 'user')} removed`,
  variant: 'success',
});

export const ROLE_UPDATED_TOAST: ToastOptions = { title: 'Role updated', variant: 'success' };
