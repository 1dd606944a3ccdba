import { describe, expect, it } from 'vitest';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';

const URL = '/portal/api/settings/teams/';
const NAME_TAKEN = 'This team name already exists';

interface Team {
  id: number;
  name: string;
  members: string[];
  created: string;
}

const t = setUpTestApp('teams');

/** A workspace with two more tracked mailboxes: sales@ and Support@ (stored mixed-case). */
async function workspace(): Promise<TestWorkspace> {
  const ws = await t.workspace();
  await t.db.query(`insert into mailboxes (workspace_id, email) values ($1, $2), ($1, $3)`, [
    ws.workspaceId,
    `sales@${ws.domain}`,
    `Support@${ws.domain}`,
  ]);
  return ws;
}

const { admin } = t;
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

async function stored(workspaceId: number) {
  return t.db.query<{ name: string; members: string[] }>(
    `select t.name, array(select m.email from team_members tm join mailboxes m using (workspace_id, mailbox_id)
                           where tm.workspace_id = t.workspace_id and tm.team_id = t.team_id order by m.email) as members
       from teams t where t.workspace_id = $1 order by t.name`,
    [workspaceId],
  );
}

async function create(ws: TestWorkspace, name: string, members: string[]) {
  const res = await admin(ws).post(URL, { name, members: members.map((m) => `${m}@${ws.domain}`) });
  expect(res.statusCode).toBe(201);
  return res.json<Team>();
}

describe('listing teams', () => {
  it('orders by name with sorted members and the created time', async () => {
    const ws = await workspace();
    await create(ws, 'support', ['viewer', 'sales']);
    await create(ws, 'Billing', ['sales']);
    const res = await admin(ws).get(URL);
    expect(res.statusCode).toBe(200);
    const { teams } = res.json<{ teams: Team[] }>();
    expect(teams.map((team) => [team.name, team.members])).toEqual([
      ['Billing', [`sales@${ws.domain}`]],
      ['support', [`sales@${ws.domain}`, `viewer@${ws.domain}`]],
    ]);
    expect(Number.isNaN(Date.parse(teams[0]?.created ?? ''))).toBe(false);
  });
});

describe('creating teams', () => {
  it('trims the name and stores the members once', async () => {
    const ws = await workspace();
    const res = await admin(ws).post(URL, {
      id: null,
      name: '  Front desk ',
      members: [`SUPPORT@${ws.domain}`, `support@${ws.domain}`, `viewer@${ws.domain}`],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Team>()).toMatchObject({
      name: 'Front desk',
      members: [`Support@${ws.domain}`, `viewer@${ws.domain}`],
    });
    expect(await stored(ws.workspaceId)).toEqual([
      { name: 'Front desk', members: [`Support@${ws.domain}`, `viewer@${ws.domain}`] },
    ]);
  });

  it.each([
    [
      'a name already used, ignoring case',
      (d: string) => ({ name: ' SUPPORT ', members: [`sales@${d}`] }),
      NAME_TAKEN,
    ],
    [
      'an untracked member',
      (d: string) => ({ name: 'New', members: [`sales@${d}`, `ghost@${d}`] }),
      'These mailboxes are not tracked: ghost@',
    ],
    ['no members', () => ({ name: 'New', members: [] }), 'body/members'],
    ['a blank name', (d: string) => ({ name: '   ', members: [`sales@${d}`] }), 'body/name'],
    ['a name that is not text', (d: string) => ({ name: 5, members: [`sales@${d}`] }), 'body/name'],
    ['a body without a name', (d: string) => ({ members: [`sales@${d}`] }), 'name'],
  ])('refuses %s and writes nothing', async (_label, body, expected) => {
    const ws = await workspace();
    await create(ws, 'Support', ['viewer']);
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(URL, body(ws.domain));
    expect(res.statusCode).toBe(400);
    expect(message(res)).toContain(expected);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('answers {"name": 5} with a message naming name', async () => {
    const ws = await workspace();
    const res = await admin(ws).post(URL, { name: 5 });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toMatch(/\bname\b/);
    expect(await stored(ws.workspaceId)).toEqual([]);
  });
});

describe('updating teams', () => {
  it('renames, keeps its own name in another case, and replaces the members', async () => {
    const ws = await workspace();
    const team = await create(ws, 'Support', ['viewer', 'sales']);
    const res = await admin(ws).patch(URL, {
      id: team.id,
      name: 'SUPPORT',
      members: [`support@${ws.domain}`],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Team>()).toEqual({
      ...team,
      name: 'SUPPORT',
      members: [`Support@${ws.domain}`],
    });
    expect(await stored(ws.workspaceId)).toEqual([
      { name: 'SUPPORT', members: [`Support@${ws.domain}`] },
    ]);
  });

  it("refuses another team's name and untracked members, changing nothing", async () => {
    const ws = await workspace();
    const team = await create(ws, 'Support', ['viewer']);
    await create(ws, 'Sales', ['sales']);
    const before = await stored(ws.workspaceId);
    const taken = await admin(ws).patch(URL, {
      id: team.id,
      name: 'sales ',
      members: [`sales@${ws.domain}`],
    });
    expect(taken.statusCode).toBe(400);
    expect(message(taken)).toBe(NAME_TAKEN);
    const ghost = await admin(ws).patch(URL, {
      id: team.id,
      name: 'Other',
      members: [`ghost@${ws.domain}`],
    });
    expect(ghost.statusCode).toBe(400);
    expect(message(ghost)).toBe(`These mailboxes are not tracked: ghost@${ws.domain}.`);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('answers 404 for an unknown id', async () => {
    const ws = await workspace();
    const res = await admin(ws).patch(URL, {
      id: 999999,
      name: 'X',
      members: [`sales@${ws.domain}`],
    });
    expect(res.statusCode).toBe(404);
    expect(await stored(ws.workspaceId)).toEqual([]);
  });
});

describe('deleting teams', () => {
  it('deletes the teams with their members and manager grants', async () => {
    const ws = await workspace();
    const one = await create(ws, 'One', ['viewer']);
    const two = await create(ws, 'Two', ['sales']);
    await create(ws, 'Three', ['sales']);
    await t.db.query(
      `insert into manager_teams (workspace_id, user_id, team_id) values ($1, $2, $3)`,
      [ws.workspaceId, ws.manager.userId, one.id],
    );
    const res = await admin(ws).delete(URL, { teams: [one.id, two.id, one.id] });
    expect(res.statusCode).toBe(204);
    expect((await stored(ws.workspaceId)).map((team) => team.name)).toEqual(['Three']);
    const grants = await t.db.query(`select 1 from manager_teams where workspace_id = $1`, [
      ws.workspaceId,
    ]);
    expect(grants).toEqual([]);
  });

  it('refuses unknown ids and deletes nothing', async () => {
    const ws = await workspace();
    const one = await create(ws, 'One', ['viewer']);
    const res = await admin(ws).delete(URL, { teams: [one.id, 999999] });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('These teams do not exist: 999999.');
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });
});

describe('access to teams', () => {
  const calls = (ws: TestWorkspace, id: number) =>
    [
      (token: string) => client(t.app, token).get(URL),
      (token: string) =>
        client(t.app, token).post(URL, { name: 'New', members: [`sales@${ws.domain}`] }),
      (token: string) =>
        client(t.app, token).patch(URL, { id, name: 'Renamed', members: [`sales@${ws.domain}`] }),
      (token: string) => client(t.app, token).delete(URL, { teams: [id] }),
    ] as const;

  it('refuses managers and viewers on every path', async () => {
    const ws = await workspace();
    const team = await create(ws, 'Support', ['viewer']);
    for (const call of calls(ws, team.id)) {
      expect((await call(ws.manager.token)).statusCode).toBe(403);
      expect((await call(ws.viewer.token)).statusCode).toBe(403);
    }
    expect(await stored(ws.workspaceId)).toEqual([
      { name: 'Support', members: [`viewer@${ws.domain}`] },
    ]);
  });

  it('allows only reads when the feature is read-only, and nothing when disabled', async () => {
    const ws = await workspace();
    const team = await create(ws, 'Support', ['viewer']);
    await setFeature(t.db, ws.workspaceId, 'teams', true, true);
    const [get, ...writes] = calls(ws, team.id);
    expect((await get(ws.admin.token)).statusCode).toBe(200);
    for (const write of writes) expect((await write(ws.admin.token)).statusCode).toBe(403);
    await setFeature(t.db, ws.workspaceId, 'teams', false, false);
    for (const call of calls(ws, team.id))
      expect((await call(ws.admin.token)).statusCode).toBe(403);
    expect(await stored(ws.workspaceId)).toEqual([
      { name: 'Support', members: [`viewer@${ws.domain}`] },
    ]);
  });

  it("never shows or changes another workspace's teams", async () => {
    const a = await workspace();
    const b = await workspace();
    const team = await create(a, 'Support', ['viewer']);
    await create(b, 'Sales', ['sales']);
    const list = await admin(b).get(URL);
    expect(list.json<{ teams: Team[] }>().teams.map((x) => x.name)).toEqual(['Sales']);
    const patch = await admin(b).patch(URL, {
      id: team.id,
      name: 'Hijacked',
      members: [`sales@${b.domain}`],
    });
    expect(patch.statusCode).toBe(404);
    expect((await admin(b).delete(URL, { teams: [team.id] })).statusCode).toBe(400);
    const foreignMember = await admin(b).post(URL, {
      name: 'Mixed',
      members: [`viewer@${a.domain}`],
    });
    expect(foreignMember.statusCode).toBe(400);
    expect(await stored(a.workspaceId)).toEqual([
      { name: 'Support', members: [`viewer@${a.domain}`] },
    ]);
    expect((await stored(b.workspaceId)).map((x) => x.name)).toEqual(['Sales']);
  });
});
