import { describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/auth/tokens';
import { client, setFeature } from '../support/app';
import { setUpTestApp } from '../support/suite';

const USERS = '/portal/api/settings/users/';
const MANAGERS = '/portal/api/settings/managers/';

interface User {
  id: number;
  email: string;
  full_name: string;
  role: string;
  can_see_data_for: { mailboxes: string[]; teams: number[] };
  tracked: boolean;
}

const t = setUpTestApp('users');

/** A workspace with a second tracked mailbox (sales@) and a team (Support, holding sales@). */
async function workspace(maxUsers = 10) {
  const ws = await t.workspace({ maxUsers });
  await t.db.query(
    `insert into mailboxes (workspace_id, email, full_name) values ($1, $2, 'Sales Desk')`,
    [ws.workspaceId, `sales@${ws.domain}`],
  );
  const [team] = await t.db.query<{ team_id: number }>(
    `insert into teams (workspace_id, name) values ($1, 'Support') returning team_id`,
    [ws.workspaceId],
  );
  if (!team) throw new Error('no team');
  return { ...ws, teamId: team.team_id };
}

const { admin } = t;

async function stored(workspaceId: number) {
  return t.db.query<{ email: string; role: string; mailboxes: string[]; teams: number[] }>(
    `select u.email, u.role,
            array(select m.email from manager_mailboxes g join mailboxes m using (workspace_id, mailbox_id)
                   where g.workspace_id = u.workspace_id and g.user_id = u.user_id order by m.email) as mailboxes,
            array(select team_id from manager_teams g where g.workspace_id = u.workspace_id and g.user_id = u.user_id order by team_id) as teams
       from users u where u.workspace_id = $1 order by u.email`,
    [workspaceId],
  );
}

async function grant(ws: Awaited<ReturnType<typeof workspace>>) {
  await t.db.query(
    `insert into manager_mailboxes (workspace_id, user_id, mailbox_id) select workspace_id, $2, mailbox_id from mailboxes where workspace_id = $1 and email = $3`,
    [ws.workspaceId, ws.manager.userId, `viewer@${ws.domain}`],
  );
  await t.db.query(
    `insert into manager_teams (workspace_id, user_id, team_id) values ($1, $2, $3)`,
    [ws.workspaceId, ws.manager.userId, ws.teamId],
  );
}

const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

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

  it('refuses an address that is a user of another workspace', async () => {
    const a = await workspace();
    const b = await workspace();
    await t.db.query(`update workspaces set allowed_domains = $2 where workspace_id = $1`, [
      b.workspaceId,
      [b.domain, a.domain],
    ]);
    const res = await admin(b).post(USERS, { emails: [`manager@${a.domain}`], role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(
      `These addresses are users of another workspace: manager@${a.domain}.`,
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

describe('deleting users', () => {
  it('refuses to remove the caller', async () => {
    const ws = await workspace();
    const res = await admin(ws).delete(USERS, {
      emails: [`viewer@${ws.domain}`, `Admin@${ws.domain}`],
    });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('You cannot remove yourself.');
    expect(await stored(ws.workspaceId)).toHaveLength(3);
  });

  it('refuses unknown addresses and removes nothing', async () => {
    const ws = await workspace();
    const res = await admin(ws).delete(USERS, {
      emails: [`viewer@${ws.domain}`, `ghost@${ws.domain}`],
    });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(
      `These addresses are not users of this workspace: ghost@${ws.domain}.`,
    );
    expect(await stored(ws.workspaceId)).toHaveLength(3);
  });

  it('removes users with their grants, and their tokens stop working at once', async () => {
    const ws = await workspace();
    await grant(ws);
    const other = await admin(ws).post(USERS, { emails: [`second@${ws.domain}`], role: 'admin' });
    const secondId = other.json<{ users: User[] }>().users[0]?.id ?? 0;
    const secondToken = await t.db.transaction((tx) =>
      issueToken(tx, ws.workspaceId, secondId, 30),
    );
    expect((await client(t.app, secondToken).get(USERS)).statusCode).toBe(200);
    expect((await client(t.app, ws.manager.token).get('/portal/api/me/')).statusCode).toBe(200);

    const res = await admin(ws).delete(USERS, {
      emails: [`second@${ws.domain}`, `MANAGER@${ws.domain}`],
    });
    expect(res.statusCode).toBe(204);
    expect((await client(t.app, secondToken).get(USERS)).statusCode).toBe(401);
    expect((await client(t.app, ws.manager.token).get('/portal/api/me/')).statusCode).toBe(401);
    expect((await stored(ws.workspaceId)).map((u) => u.email)).toEqual([
      `admin@${ws.domain}`,
      `viewer@${ws.domain}`,
    ]);
    const [left] = await t.db.query<{ tokens: number; grants: number }>(
      `select (select count(*) from session_tokens where workspace_id = $1 and user_id = any($2::int[])) as tokens,
              (select count(*) from manager_teams where workspace_id = $1) + (select count(*) from manager_mailboxes where workspace_id = $1) as grants`,
      [ws.workspaceId, [secondId, ws.manager.userId]],
    );
    expect(left).toEqual({ tokens: 0, grants: 0 });
  });
});

describe('assigning managers', () => {
  it('replaces the grants of each listed manager', async () => {
    const ws = await workspace();
    const d = ws.domain;
    await grant(ws);
    const second = await admin(ws).post(USERS, {
      emails: [`m2@${d}`],
      role: 'manager',
      manage_teams: [ws.teamId],
    });
    const secondId = second.json<{ users: User[] }>().users[0]?.id ?? 0;
    const res = await admin(ws).post(MANAGERS, {
      manager_ids: [ws.manager.userId, secondId],
      mailboxes: [`Sales@${d}`],
      teams: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ users: User[] }>().users.map((u) => [u.email, u.can_see_data_for])).toEqual([
      [`m2@${d}`, { mailboxes: [`sales@${d}`], teams: [] }],
      [`manager@${d}`, { mailboxes: [`sales@${d}`], teams: [] }],
    ]);
  });

  it.each([
    [
      'a user who is not a manager',
      (ws: Awaited<ReturnType<typeof workspace>>) => ({
        manager_ids: [ws.viewer.userId],
        mailboxes: [`sales@${ws.domain}`],
        teams: [],
      }),
      'These ids are not managers of this workspace',
    ],
    [
      'an untracked mailbox',
      (ws: Awaited<ReturnType<typeof workspace>>) => ({
        manager_ids: [ws.manager.userId],
        mailboxes: [`ghost@${ws.domain}`],
        teams: [],
      }),
      'These mailboxes are not tracked',
    ],
    [
      'an unknown team',
      (ws: Awaited<ReturnType<typeof workspace>>) => ({
        manager_ids: [ws.manager.userId],
        mailboxes: [],
        teams: [ws.teamId, 999999],
      }),
      'These teams do not exist: 999999.',
    ],
    [
      'no mailbox and no team',
      (ws: Awaited<ReturnType<typeof workspace>>) => ({
        manager_ids: [ws.manager.userId],
        mailboxes: [],
        teams: [],
      }),
      'A manager needs at least one team or mailbox to see.',
    ],
  ])('refuses %s and changes nothing', async (_label, body, expected) => {
    const ws = await workspace();
    await grant(ws);
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(MANAGERS, body(ws));
    expect(res.statusCode).toBe(400);
    expect(message(res)).toContain(expected);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });
});

describe('access to users and managers', () => {
  const calls = (ws: Awaited<ReturnType<typeof workspace>>) =>
    [
      (token: string) => client(t.app, token).get(USERS),
      (token: string) =>
        client(t.app, token).post(USERS, { emails: [`n@${ws.domain}`], role: 'admin' }),
      (token: string) => client(t.app, token).delete(USERS, { emails: [`viewer@${ws.domain}`] }),
      (token: string) =>
        client(t.app, token).post(MANAGERS, {
          manager_ids: [ws.manager.userId],
          mailboxes: [`sales@${ws.domain}`],
          teams: [],
        }),
    ] as const;

  it('refuses managers and viewers on every path', async () => {
    const ws = await workspace();
    for (const call of calls(ws)) {
      expect((await call(ws.manager.token)).statusCode).toBe(403);
      expect((await call(ws.viewer.token)).statusCode).toBe(403);
    }
    expect(await stored(ws.workspaceId)).toHaveLength(3);
  });

  it('allows only reads when the feature is read-only, and nothing when disabled', async () => {
    const ws = await workspace();
    const before = await stored(ws.workspaceId);
    await setFeature(t.db, ws.workspaceId, 'users', true, true);
    const [get, ...writes] = calls(ws);
    expect((await get(ws.admin.token)).statusCode).toBe(200);
    for (const write of writes) expect((await write(ws.admin.token)).statusCode).toBe(403);
    await setFeature(t.db, ws.workspaceId, 'users', false, false);
    for (const call of calls(ws)) expect((await call(ws.admin.token)).statusCode).toBe(403);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it("never shows or changes another workspace's users", async () => {
    const a = await workspace();
    const b = await workspace();
    await grant(a);
    const before = await stored(a.workspaceId);
    const list = await admin(b).get(USERS);
    expect(list.json<{ users: User[] }>().users.map((u) => u.email)).toEqual([
      `admin@${b.domain}`,
      `manager@${b.domain}`,
      `viewer@${b.domain}`,
    ]);
    expect((await admin(b).delete(USERS, { emails: [`viewer@${a.domain}`] })).statusCode).toBe(400);
    expect(
      (await admin(b).post(USERS, { emails: [`viewer@${a.domain}`], role: 'admin' })).statusCode,
    ).toBe(400);
    const foreignManager = await admin(b).post(MANAGERS, {
      manager_ids: [a.manager.userId],
      mailboxes: [`sales@${b.domain}`],
      teams: [],
    });
    expect(foreignManager.statusCode).toBe(400);
    const foreignGrants = await admin(b).post(MANAGERS, {
      manager_ids: [b.manager.userId],
      mailboxes: [`sales@${a.domain}`],
      teams: [a.teamId],
    });
    expect(foreignGrants.statusCode).toBe(400);
    const foreignTeam = await admin(b).post(USERS, {
      emails: [`m9@${b.domain}`],
      role: 'manager',
      manage_teams: [a.teamId],
    });
    expect(foreignTeam.statusCode).toBe(400);
    expect(await stored(a.workspaceId)).toEqual(before);
  });
});
