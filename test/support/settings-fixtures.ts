import type { Mailbox, Team, User } from '../../src/api/types';

/** A tracked mailbox of the settings tabs; the name comes from the address. */
export function makeMailbox(email: string, overrides: Partial<Mailbox> = {}): Mailbox {
  const local = email.slice(0, email.indexOf('@'));
  return {
    email,
    full_name: local.charAt(0).toUpperCase() + local.slice(1),
    created: '2025-03-01T09:00:00Z',
    data_from: '2025-03-01',
    status: 'working',
    bhs_status: 'Company',
    business_hours: null,
    progress: null,
    last_error: null,
    last_synced: null,
    ...overrides,
  };
}

let nextUserId = 1;

export function makeSettingsUser(email: string, overrides: Partial<User> = {}): User {
  return {
    id: nextUserId++,
    email,
    full_name: email.slice(0, email.indexOf('@')),
    role: 'viewer',
    can_see_data_for: { mailboxes: [], teams: [] },
    tracked: true,
    ...overrides,
  };
}

export function makeTeam(id: number, name: string, members: string[]): Team {
  return { id, name, members, created: '2025-04-02T10:00:00Z' };
}
