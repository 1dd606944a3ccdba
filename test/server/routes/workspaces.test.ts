import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../../server/db/types';
import { FEATURE_NAMES } from '../../../common/access-model';
import {
  addUser,
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  removeUser,
  setDashboard,
  setFeature,
  setLimits,
  type NewWorkspace,
} from '../../../server/repos/workspaces';
import { createTestDb } from '../support/test-db';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

let domainCounter = 0;
function newWorkspace(overrides: Partial<NewWorkspace> = {}): NewWorkspace {
  domainCounter += 1;
  return {
    client_name: `Client ${domainCounter}`,
    allowed_domains: [`c${domainCounter}.example`],
    provider: 'G',
    max_mailboxes: 3,
    max_users: 4,
    max_alerts: 5,
    ...overrides,
  };
}

const one = async <R extends object>(q: Queryable, sql: string, params: unknown[] = []) => {
  const [row] = await q.query<R>(sql, params);
  if (!row) throw new Error(`no row from ${sql}`);
  return row;
};

async function mailbox(workspaceId: number, email: string): Promise<number> {
  const row = await one<{ mailbox_id: number }>(
    db,
    'insert into mailboxes (workspace_id, email) values ($1, $2) returning mailbox_id',
    [workspaceId, email],
  );
  return row.mailbox_id;
}

describe('workspaces repository', () => {
  it('creates a workspace with every feature on, writable, and the native dashboard', async () => {
    const ws = await db.transaction((tx) =>
      createWorkspace(tx, newWorkspace({ client_name: 'Zed' })),
    );
    expect(ws).toMatchObject({ client_name: 'Zed', provider: 'G', max_users: 4 });
    expect(ws.created_at).toMatch(/Z$/);
    expect(Object.keys(ws.features).sort()).toEqual([...FEATURE_NAMES].sort());
    for (const flags of Object.values(ws.features)) {
      expect(flags).toEqual({ enabled: true, read_only: false });
    }
    expect(ws.dashboard).toMatchObject({ name: 'Zed', platform: 'Native', dashboard_uuid: null });
    expect(await getWorkspace(db, 987654)).toBeNull();
  });

  it('sets limits, features and the dashboard, and reports unknown workspaces as null', async () => {
    const { workspace_id: id } = await createWorkspace(db, newWorkspace());
    expect(await setLimits(db, id, { max_users: 9 })).toMatchObject({
      max_users: 9,
      max_alerts: 5,
    });
    expect(await setFeature(db, id, 'alerts', { read_only: true })).toEqual({
      enabled: true,
      read_only: true,
    });
    const uuid = '0b0e5d63-6a2c-4d4c-9a43-1c1f0f5a7e11';
    await setDashboard(db, id, { platform: 'Superset', dashboard_uuid: uuid, name: 'Board' });
    const ws = await getWorkspace(db, id);
    expect(ws?.features.alerts).toEqual({ enabled: true, read_only: true });
    expect(ws?.dashboard).toMatchObject({
      platform: 'Superset',
      dashboard_uuid: uuid,
      name: 'Board',
    });
    expect(await setLimits(db, 987654, { max_users: 1 })).toBeNull();
    expect(await setFeature(db, 987654, 'alerts', { enabled: false })).toBeNull();
    expect(await setDashboard(db, 987654, { platform: null })).toBeNull();
  });

  it('refuses a dashboard its platform could not embed', async () => {
    const { workspace_id: id } = await createWorkspace(db, newWorkspace());
    await expect(setDashboard(db, id, { platform: 'Superset' })).rejects.toMatchObject({
      code: '23514',
      constraint: 'dashboards_superset_uuid',
    });
    await expect(
      setDashboard(db, id, { platform: 'Looker Studio', embedded_url: 'https://evil.example/' }),
    ).rejects.toMatchObject({ constraint: 'dashboards_looker_embed' });
  });

  it('keeps user emails unique across workspaces, case-insensitively', async () => {
    const a = await createWorkspace(db, newWorkspace());
    const b = await createWorkspace(db, newWorkspace());
    const user = { email: 'same@x.example', full_name: 'Same', role: 'viewer' as const };
    await addUser(db, a.workspace_id, user);
    await expect(
      addUser(db, b.workspace_id, { ...user, email: 'SAME@x.example' }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'users_email_key' });
  });

  it('removing a user ends their sessions and keeps the alerts they created', async () => {
    const { workspace_id: id } = await createWorkspace(db, newWorkspace());
    const user = await addUser(db, id, { email: 'gone@y.example', full_name: '', role: 'admin' });
    await db.query(
      `insert into session_tokens (workspace_id, token_hash, user_id, expires_at)
       values ($1, repeat('a', 64), $2, now() + interval '1 day')`,
      [id, user.user_id],
    );
    await db.query(
      `insert into alerts (workspace_id, name, minutes_gap, domains, notify_emails,
         created_by_user_id, created_by_email)
       values ($1, 'A', 60, '{z.example}', '{gone@y.example}', $2, $3)`,
      [id, user.user_id, user.email],
    );
    expect(await removeUser(db, id, 'GONE@y.example')).toMatchObject({ user_id: user.user_id });
    expect(await removeUser(db, id, 'gone@y.example')).toBeNull();
    expect(await db.query('select 1 from session_tokens where workspace_id = $1', [id])).toEqual(
      [],
    );
    expect(
      await db.query(
        'select workspace_id, created_by_user_id, created_by_email from alerts where workspace_id = $1',
        [id],
      ),
    ).toEqual([{ workspace_id: id, created_by_user_id: null, created_by_email: 'gone@y.example' }]);
  });

  it('lists workspaces with their usage', async () => {
    const { workspace_id: id } = await createWorkspace(db, newWorkspace());
    await mailbox(id, 'm@l.example');
    const listed = (await listWorkspaces(db)).find((w) => w.workspace_id === id);
    expect(listed).toMatchObject({ mailboxes: 1, users: 0, alerts: 0, max_mailboxes: 3 });
  });
});

describe('schema', () => {
  it("refuses references to another workspace's rows", async () => {
    const a = (await createWorkspace(db, newWorkspace())).workspace_id;
    const b = (await createWorkspace(db, newWorkspace())).workspace_id;
    const foreignMailbox = await mailbox(b, 'theirs@b.example');
    const team = await one<{ team_id: number }>(
      db,
      `insert into teams (workspace_id, name) values ($1, 'Ours') returning team_id`,
      [a],
    );
    await expect(
      db.query('insert into team_members (workspace_id, team_id, mailbox_id) values ($1, $2, $3)', [
        a,
        team.team_id,
        foreignMailbox,
      ]),
    ).rejects.toMatchObject({
      code: '23503',
      constraint: 'team_members_workspace_id_mailbox_id_fkey',
    });
    const user = await addUser(db, a, { email: 'mgr@a.example', full_name: '', role: 'manager' });
    await expect(
      db.query(
        'insert into manager_mailboxes (workspace_id, user_id, mailbox_id) values ($1, $2, $3)',
        [a, user.user_id, foreignMailbox],
      ),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('enforces names case-insensitively and the enums', async () => {
    const id = (await createWorkspace(db, newWorkspace())).workspace_id;
    await db.query(`insert into teams (workspace_id, name) values ($1, 'Sales')`, [id]);
    await expect(
      db.query(`insert into teams (workspace_id, name) values ($1, 'SALES')`, [id]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'teams_name_key' });
    await mailbox(id, 'Box@e.example');
    await expect(mailbox(id, 'box@E.example')).rejects.toMatchObject({
      constraint: 'mailboxes_email_key',
    });
    const refusals = [
      `insert into company_business_hours (workspace_id, timezone) values ($1, 'UTC');
       insert into company_business_hour_days values ($1, 'Mon', '10:00', '09:00')`,
      `insert into company_business_hour_days values ($1, 'Monday', '09:00', '10:00')`,
      `insert into users (workspace_id, email, role) values ($1, 'o@e.example', 'owner')`,
      `insert into alerts (workspace_id, name, minutes_gap, domains, notify_emails, created_by_email)
       values ($1, 'A', 0, '{d.example}', '{n@e.example}', 'n@e.example')`,
      `insert into alerts (workspace_id, name, minutes_gap, notify_emails, created_by_email)
       values ($1, 'A', 60, '{n@e.example}', 'n@e.example')`,
    ];
    for (const sql of refusals) {
      await expect(
        db.transaction((tx) => tx.query(sql.replaceAll('$1', String(id)))),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('stores contacts as addresses or domains by the presence of @', async () => {
    const id = (await createWorkspace(db, newWorkspace())).workspace_id;
    const group = await one<{ group_id: number }>(
      db,
      `insert into contact_groups (workspace_id, name) values ($1, 'G') returning group_id`,
      [id],
    );
    const add = (kind: string, value: string) =>
      db.query(
        'insert into contacts (workspace_id, group_id, kind, value) values ($1, $2, $3, $4)',
        [id, group.group_id, kind, value],
      );
    await add('address', 'a@b.example');
    await expect(add('domain', 'a@c.example')).rejects.toMatchObject({
      constraint: 'contacts_kind_matches_value',
    });
    await expect(add('address', 'A@B.example')).rejects.toMatchObject({
      constraint: 'contacts_value_key',
    });
    await db.query('delete from contact_groups where workspace_id = $1', [id]);
    expect(await db.query('select 1 from contacts where workspace_id = $1', [id])).toEqual([]);
  });
});
