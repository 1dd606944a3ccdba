import { describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/auth/tokens';
import { client, setFeature } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { replyMessage as message, userRows, type ListedUser as User } from '../support/user-rows';

// Deleting users, assigning managers, and who may call the users and managers paths; listing and
// creating users are in users-list-create.test.ts.

const USERS = '/portal/api/settings/users/';
const MANAGERS = '/portal/api/settings/managers/';

const t = setUpTestApp('users');

const { admin } = t;
const { workspace, stored, grant } = userRows(t);

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
