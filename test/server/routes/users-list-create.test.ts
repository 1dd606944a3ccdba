import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/suite';
import { replyMessage as message, userRows, type ListedUser as User } from '../support/user-rows';

// Listing and creating users; deleting them, assigning managers and who may call these paths are
// in users-delete-assign.test.ts.

const USERS = '/portal/api/settings/users/';

const t = setUpTestApp('users');

const { admin } = t;
const { workspace, stored, grant } = userRows(t);

describe('listing users', () => {
  it('orders by address and shows grants and tracking', async () => {
    const ws = await workspace();
    await grant(ws);
    const res = await admin(ws).get(USERS);
    expect(res.statusCode).toBe(200);
    const d = ws.domain;
    expect(res.json<{ users: User[] }>().users).toEqual([
      {
        id: ws.admin.userId,
        email: `admin@${d}`,
        full_name: 'Admin User',
        role: 'admin',
        can_see_data_for: { mailboxes: [], teams: [] },
        tracked: false,
      },
      {
        id: ws.manager.userId,
        email: `manager@${d}`,
        full_name: 'Manager User',
        role: 'manager',
        can_see_data_for: { mailboxes: [`viewer@${d}`], teams: [ws.teamId] },
        tracked: false,
      },
      {
        id: ws.viewer.userId,
        email: `viewer@${d}`,
        full_name: 'Viewer User',
        role: 'viewer',
        can_see_data_for: { mailboxes: [], teams: [] },
        tracked: true,
      },
    ]);
  });
});

describe('creating users', () => {
  it('adds admins with cleaned addresses, named after their mailbox or address', async () => {
    const ws = await workspace();
    const d = ws.domain;
    const res = await admin(ws).post(USERS, {
      emails: [`Sales@${d}`, `john.doe@${d}`, `sales@${d}`],
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    expect(
      res.json<{ users: User[] }>().users.map((u) => [u.email, u.full_name, u.role, u.tracked]),
    ).toEqual([
      [`john.doe@${d}`, 'John Doe', 'admin', false],
      [`sales@${d}`, 'Sales Desk', 'admin', true],
    ]);
    expect(await stored(ws.workspaceId)).toHaveLength(5);
  });

  it('grants new managers their mailboxes and teams', async () => {
    const ws = await workspace();
    const d = ws.domain;
    const res = await admin(ws).post(USERS, {
      emails: [`boss@${d}`],
      role: 'manager',
      manage_mailboxes: [`SALES@${d}`, `viewer@${d}`],
      manage_teams: [ws.teamId, ws.teamId],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ users: User[] }>().users[0]?.can_see_data_for).toEqual({
      mailboxes: [`sales@${d}`, `viewer@${d}`],
      teams: [ws.teamId],
    });
  });

  it.each([
    [
      'a viewer without a tracked mailbox',
      (d: string) => ({ emails: [`nobox@${d}`], role: 'viewer' }),
      (d: string) => `This user don't have a tracked mailbox: nobox@${d}`,
    ],
    [
      'viewers without tracked mailboxes',
      (d: string) => ({ emails: [`sales@${d}`, `x@${d}`, `y@${d}`], role: 'viewer' }),
      (d: string) => `These users doesn't have a tracked mailboxes: x@${d}, y@${d}`,
    ],
    [
      'a manager who may see nothing',
      (d: string) => ({
        emails: [`m2@${d}`],
        role: 'manager',
        manage_mailboxes: [],
        manage_teams: [],
      }),
      () => 'A manager needs at least one team or mailbox to see.',
    ],
    [
      'a manager of an untracked mailbox',
      (d: string) => ({ emails: [`m2@${d}`], role: 'manager', manage_mailboxes: [`ghost@${d}`] }),
      (d: string) => `These mailboxes are not tracked: ghost@${d}.`,
    ],
    [
      'a manager of an unknown team',
      (d: string) => ({ emails: [`m2@${d}`], role: 'manager', manage_teams: [999999] }),
      () => 'These teams do not exist: 999999.',
    ],
    [
      'an address of another domain',
      () => ({ emails: ['x@elsewhere.example'], role: 'admin' }),
      () => 'x@elsewhere.example',
    ],
    [
      'an address that is not valid',
      () => ({ emails: ['x@acme.y'], role: 'admin' }),
      () => 'These are not valid email addresses: x@acme.y.',
    ],
    [
      "a change of the caller's own role",
      (d: string) => ({ emails: [`ADMIN@${d}`], role: 'viewer' }),
      () => 'You cannot change your own role.',
    ],
  ])('refuses %s and changes nothing', async (_label, body, expected) => {
    const ws = await workspace();
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(USERS, body(ws.domain));
    expect(res.statusCode).toBe(400);
    expect(message(res)).toContain(expected(ws.domain));
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('refuses a role the contract does not know', async () => {
    const ws = await workspace();
    const res = await admin(ws).post(USERS, { emails: [`x@${ws.domain}`], role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toContain('body/role');
    expect(await stored(ws.workspaceId)).toHaveLength(3);
  });

  it('refuses an address that is a user of another workspace, without naming which', async () => {
    const a = await workspace();
    const b = await workspace();
    await t.db.query(`update workspaces set allowed_domains = $2 where workspace_id = $1`, [
      b.workspaceId,
      [b.domain, a.domain],
    ]);
    const emails = [`manager@${a.domain}`, `free@${a.domain}`];
    const res = await admin(b).post(USERS, { emails, role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(
      'Some of these addresses cannot be added: they are users of another workspace. Contact ' +
        'your Customer Success Manager.',
    );
    expect((await stored(a.workspaceId)).map((u) => u.role)).toEqual([
      'admin',
      'manager',
      'viewer',
    ]);
    expect(await stored(b.workspaceId)).toHaveLength(3);
  });

  it('gives existing users the new role, replacing or clearing grants', async () => {
    const ws = await workspace();
    const d = ws.domain;
    await grant(ws);
    const toManager = await admin(ws).post(USERS, {
      id: ws.viewer.userId,
      emails: [`viewer@${d}`],
      role: 'manager',
      manage_mailboxes: [`sales@${d}`],
    });
    expect(toManager.statusCode).toBe(201);
    expect(toManager.json<{ users: User[] }>().users).toEqual([
      expect.objectContaining({
        id: ws.viewer.userId,
        role: 'manager',
        can_see_data_for: { mailboxes: [`sales@${d}`], teams: [] },
      }),
    ]);
    const toAdmin = await admin(ws).post(USERS, { emails: [`manager@${d}`], role: 'admin' });
    expect(toAdmin.statusCode).toBe(201);
    expect(await stored(ws.workspaceId)).toEqual([
      { email: `admin@${d}`, role: 'admin', mailboxes: [], teams: [] },
      { email: `manager@${d}`, role: 'admin', mailboxes: [], teams: [] },
      { email: `viewer@${d}`, role: 'manager', mailboxes: [`sales@${d}`], teams: [] },
    ]);
  });

  it('counts only new users against max_users', async () => {
    const ws = await workspace(4);
    const d = ws.domain;
    const two = await admin(ws).post(USERS, { emails: [`a@${d}`, `b@${d}`], role: 'admin' });
    expect(two.statusCode).toBe(400);
    expect(message(two)).toContain('you only have 1 slots remaining');
    expect((await admin(ws).post(USERS, { emails: [`a@${d}`], role: 'admin' })).statusCode).toBe(
      201,
    );
    const full = await admin(ws).post(USERS, { emails: [`b@${d}`], role: 'admin' });
    expect(full.statusCode).toBe(400);
    expect(message(full)).toBe("You've reached your user limit: 4 of 4 users.");
    const edit = await admin(ws).post(USERS, { emails: [`a@${d}`], role: 'viewer' });
    expect(edit.statusCode).toBe(400);
    expect(message(edit)).toBe(`This user don't have a tracked mailbox: a@${d}`);
    expect(
      (await admin(ws).post(USERS, { emails: [`a@${d}`, `viewer@${d}`], role: 'admin' }))
        .statusCode,
    ).toBe(201);
    expect(await stored(ws.workspaceId)).toHaveLength(4);
  });

  it('creates exactly the free slots under 20 parallel requests', async () => {
    const ws = await workspace(8);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin(ws).post(USERS, { emails: [`p${i}@${ws.domain}`], role: 'admin' }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(15);
    expect(await stored(ws.workspaceId)).toHaveLength(8);
  });
});
