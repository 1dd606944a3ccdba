import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  createTestWorkspace,
  type TestApp,
  type TestWorkspace,
} from '../support/app';
import { countCalls } from '../support/count-calls';

// The native dashboard: the default platform of a new workspace, and the filter choices each
// role gets (the same mailboxes and teams the statistics API lets it see).

let t: TestApp;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp();
  ws = await createTestWorkspace(t.db, { domain: 'native.example' });
  await t.db.transaction(async (tx) => {
    await tx.query(
      `insert into mailboxes (workspace_id, email, full_name, status, data_from)
       values ($1, 'sales@native.example', 'Sales', 'loading_data', current_date),
              ($1, 'help@native.example', 'Help', 'working', current_date)`,
      [ws.workspaceId],
    );
    await tx.query(
      `with team as (insert into teams (workspace_id, name) values ($1, 'Front') returning team_id),
            member as (insert into team_members (workspace_id, team_id, mailbox_id)
              select $1, team.team_id, m.mailbox_id from team, mailboxes m
               where m.workspace_id = $1 and m.email = 'sales@native.example')
       insert into manager_teams (workspace_id, user_id, team_id)
       select $1, $2, team_id from team`,
      [ws.workspaceId, ws.manager.userId],
    );
    await tx.query(`insert into teams (workspace_id, name) values ($1, 'Back')`, [ws.workspaceId]);
    await tx.query(`insert into contact_groups (workspace_id, name) values ($1, 'VIP')`, [
      ws.workspaceId,
    ]);
  });
});

afterAll(async () => {
  await t.close();
});

describe('the native dashboard', () => {
  it('is the platform of a new workspace', async () => {
    const reply = await client(t.app, ws.viewer.token).get('/portal/api/dashboard');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ dashboard_platform: 'Native', jwt_token: null });
  });

  it('offers an admin every mailbox, team and contact group', async () => {
    const reply = await client(t.app, ws.admin.token).get('/portal/api/dashboard/filters');
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ mailboxes: { email: string }[]; teams: { name: string }[] }>();
    expect(body.mailboxes.map((m) => m.email)).toEqual([
      'help@native.example',
      'sales@native.example',
      'viewer@native.example',
    ]);
    expect(body.teams.map((team) => team.name)).toEqual(['Back', 'Front']);
    expect(body).toMatchObject({ contact_groups: ['VIP'] });
  });

  it('offers a manager the granted team and its members only', async () => {
    const reply = await client(t.app, ws.manager.token).get('/portal/api/dashboard/filters');
    expect(reply.json()).toMatchObject({
      mailboxes: [{ email: 'sales@native.example', status: 'loading_data', progress: null }],
      teams: [{ name: 'Front' }],
    });
  });

  it('offers a viewer their own mailbox and no team', async () => {
    const reply = await client(t.app, ws.viewer.token).get('/portal/api/dashboard/filters');
    expect(reply.json()).toMatchObject({
      mailboxes: [{ email: 'viewer@native.example' }],
      teams: [],
    });
  });

  it('answers a team asking at once with one read per visibility, each as it is when asked', async () => {
    const get = (token: string) => client(t.app, token).get('/portal/api/dashboard/filters');
    const groups = (reply: { json: () => unknown }) =>
      (reply.json() as { contact_groups: string[] }).contact_groups;
    const people = [ws.admin.token, ws.manager.token, ws.viewer.token];
    let replies: Awaited<ReturnType<typeof get>>[] = [];
    const team = () => Promise.all(Array.from({ length: 48 }, (_, i) => get(people[i % 3] ?? '')));
    // 48 sessions in one read; the admins', the manager's and the viewer's choices in one each.
    expect(await countCalls(t.db, async () => (replies = await team()))).toEqual({
      transactions: 0,
      statements: 4,
    });
    const emails = (reply: { json: () => unknown }) =>
      (reply.json() as { mailboxes: { email: string }[] }).mailboxes.map((m) => m.email);
    expect(
      new Set(
        replies
          .filter((_, i) => i % 3 === 0)
          .map(emails)
          .map(String),
      ),
    ).toEqual(new Set(['help@native.example,sales@native.example,viewer@native.example']));
    expect(
      new Set(
        replies
          .filter((_, i) => i % 3 === 1)
          .map(emails)
          .map(String),
      ),
    ).toEqual(new Set(['sales@native.example']));
    expect(
      new Set(
        replies
          .filter((_, i) => i % 3 === 2)
          .map(emails)
          .map(String),
      ),
    ).toEqual(new Set(['viewer@native.example']));

    // A contact group added a moment ago is offered at once.
    await t.db.query(`insert into contact_groups (workspace_id, name) values ($1, 'Press')`, [
      ws.workspaceId,
    ]);
    expect(groups(await get(ws.admin.token))).toEqual(['Press', 'VIP']);
    await t.db.query(`delete from contact_groups where workspace_id = $1 and name = 'Press'`, [
      ws.workspaceId,
    ]);
  });

  it('answers 401 without a token', async () => {
    const reply = await client(t.app).get('/portal/api/dashboard/filters');
    expect(reply.statusCode).toBe(401);
  });
});
