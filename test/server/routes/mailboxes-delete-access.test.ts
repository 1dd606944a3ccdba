import { describe, expect, it } from 'vitest';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { dayFromToday as day, mailboxRows } from '../support/mailbox-rows';
import { NO_HEADERS } from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';
import type { SyncBatch } from '../../../server/mail/connector';
import { commitBatch, LeaseLostError, type StoreTarget } from '../../../server/mail/store';

// Deleting mailboxes, and who may list, create or delete them; listing and creating are in
// mailboxes-list-create.test.ts.

const URL = '/portal/api/settings/mailboxes/';

const t = setUpTestApp('mbx');

const workspace = (maxMailboxes = 25) => t.workspace({ maxMailboxes });

const { admin } = t;
const { stored, mailboxId, setHours } = mailboxRows(t);

describe('deleting mailboxes', () => {
  async function withLinks(ws: TestWorkspace) {
    const id = await mailboxId(ws.workspaceId, `viewer@${ws.domain}`);
    const [team] = await t.db.query<{ team_id: number }>(
      `insert into teams (workspace_id, name) values ($1, 'Support') returning team_id`,
      [ws.workspaceId],
    );
    const [alert] = await t.db.query<{ alert_id: number }>(
      `insert into alerts (workspace_id, name, minutes_gap, domains, notify_emails, created_by_email) values ($1, 'A', 60, '{x.example}', $2, $3) returning alert_id`,
      [ws.workspaceId, [ws.admin.email], ws.admin.email],
    );
    await t.db.query(
      `insert into team_members (workspace_id, team_id, mailbox_id) values ($1, $2, $3)`,
      [ws.workspaceId, team?.team_id, id],
    );
    await t.db.query(
      `insert into manager_mailboxes (workspace_id, user_id, mailbox_id) values ($1, $2, $3)`,
      [ws.workspaceId, ws.manager.userId, id],
    );
    await t.db.query(
      `insert into alert_mailboxes (workspace_id, alert_id, mailbox_id) values ($1, $2, $3)`,
      [ws.workspaceId, alert?.alert_id, id],
    );
    await setHours(ws.workspaceId, `viewer@${ws.domain}`, 'Europe/Madrid', [
      ['Mon', '09:00', '17:00'],
    ]);
  }

  async function links(workspaceId: number) {
    const [row] = await t.db.query<Record<string, number>>(
      `select (select count(*) from team_members where workspace_id = $1) as members,
              (select count(*) from manager_mailboxes where workspace_id = $1) as grants,
              (select count(*) from alert_mailboxes where workspace_id = $1) as alerts,
              (select count(*) from mailbox_business_hours where workspace_id = $1) as hours`,
      [workspaceId],
    );
    return row;
  }

  /** The viewer's mailbox syncing under a lease, with two messages stored. */
  async function syncing(ws: TestWorkspace): Promise<StoreTarget> {
    const id = await mailboxId(ws.workspaceId, `viewer@${ws.domain}`);
    await t.db.query(
      `insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
       values ($1, $2, 'worker-a', now() + interval '1 minute')`,
      [ws.workspaceId, id],
    );
    const target = {
      workspaceId: ws.workspaceId,
      mailboxId: id,
      email: `viewer@${ws.domain}`,
      leaseOwner: 'worker-a',
    };
    await t.db.transaction((tx) => commitBatch(tx, target, batch(['a', 'b'])));
    return target;
  }

  function batch(ids: string[]): SyncBatch {
    const messages = ids.map((id) => ({
      providerId: id,
      threadKey: id,
      folder: 'INBOX',
      labels: [],
      categories: [],
      inSentFolder: false,
      sentAt: new Date('2026-11-02T10:00:00Z'),
      headers: { ...NO_HEADERS, from: 'c@customer.example', subject: id },
    }));
    return {
      messages,
      cursor: { n: ids.length },
      historyLoaded: true,
      progress: { done: 1, total: 1 },
    };
  }

  async function leftOver(workspaceId: number) {
    const [row] = await t.db.query<Record<string, number>>(
      `select (select count(*) from messages where workspace_id = $1) as messages,
              (select count(*) from mailbox_sync where workspace_id = $1) as sync,
              (select count(*) from mailboxes where workspace_id = $1) as rows`,
      [workspaceId],
    );
    return row;
  }

  it('with delete_from_bq removes the mailbox, its mail, its sync and everything linked', async () => {
    const ws = await workspace();
    await withLinks(ws);
    const target = await syncing(ws);
    const res = await admin(ws).delete(URL, {
      emails: [`VIEWER@${ws.domain}`],
      delete_from_bq: true,
    });
    expect(res.statusCode).toBe(204);
    expect(await stored(ws.workspaceId)).toEqual([]);
    expect(await links(ws.workspaceId)).toEqual({ members: 0, grants: 0, alerts: 0, hours: 0 });
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 0, sync: 0, rows: 0 });
    await expect(t.db.transaction((tx) => commitBatch(tx, target, batch(['c'])))).rejects.toThrow();
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 0, sync: 0, rows: 0 });
  });

  it('without delete_from_bq stops the sync and keeps the mail; the address can come back', async () => {
    const ws = await workspace();
    await withLinks(ws);
    const target = await syncing(ws);
    const res = await admin(ws).delete(URL, {
      emails: [`viewer@${ws.domain}`],
      delete_from_bq: false,
    });
    expect(res.statusCode).toBe(204);
    expect(await stored(ws.workspaceId)).toEqual([]);
    expect((await admin(ws).get(URL)).json()).toEqual({ mailboxes: [] });
    // Its hours stay with its kept mail; it leaves teams, grants and alerts.
    expect(await links(ws.workspaceId)).toEqual({ members: 0, grants: 0, alerts: 0, hours: 1 });
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 2, sync: 0, rows: 1 });
    await expect(
      t.db.transaction((tx) => commitBatch(tx, target, batch(['c']))),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 2, sync: 0, rows: 1 });

    const again = await admin(ws).post(URL, { emails: [`viewer@${ws.domain}`], data_from: day(0) });
    expect(again.statusCode).toBe(201);
    expect((await admin(ws).get(URL)).json<{ mailboxes: unknown[] }>().mailboxes).toEqual([
      expect.objectContaining({ email: `viewer@${ws.domain}`, status: 'loading_data' }),
    ]);
    expect(await leftOver(ws.workspaceId)).toMatchObject({ messages: 2, rows: 2 });
  });

  it('refuses unknown addresses, names them and deletes nothing', async () => {
    const ws = await workspace();
    await withLinks(ws);
    const res = await admin(ws).delete(URL, {
      emails: [`viewer@${ws.domain}`, `ghost@${ws.domain}`],
      delete_from_bq: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `These mailboxes are not tracked: ghost@${ws.domain}.`,
    );
    expect(await stored(ws.workspaceId)).toHaveLength(1);
    expect(await links(ws.workspaceId)).toEqual({ members: 1, grants: 1, alerts: 1, hours: 1 });
  });
});

describe('access to mailboxes', () => {
  const calls = (ws: TestWorkspace) =>
    [
      ['GET', (token: string) => client(t.app, token).get(URL)],
      [
        'POST',
        (token: string) =>
          client(t.app, token).post(URL, { emails: [`n@${ws.domain}`], data_from: day(0) }),
      ],
      [
        'DELETE',
        (token: string) =>
          client(t.app, token).delete(URL, {
            emails: [`viewer@${ws.domain}`],
            delete_from_bq: false,
          }),
      ],
    ] as const;

  it('refuses managers and viewers on every path', async () => {
    const ws = await workspace();
    for (const [, call] of calls(ws)) {
      expect((await call(ws.manager.token)).statusCode).toBe(403);
      expect((await call(ws.viewer.token)).statusCode).toBe(403);
    }
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it('allows only reads when the feature is read-only, and nothing when disabled', async () => {
    const ws = await workspace();
    await setFeature(t.db, ws.workspaceId, 'mailboxes', true, true);
    const [[, get], [, post], [, del]] = calls(ws);
    expect((await get(ws.admin.token)).statusCode).toBe(200);
    expect((await post(ws.admin.token)).statusCode).toBe(403);
    expect((await del(ws.admin.token)).statusCode).toBe(403);
    await setFeature(t.db, ws.workspaceId, 'mailboxes', false, false);
    for (const [, call] of calls(ws)) expect((await call(ws.admin.token)).statusCode).toBe(403);
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it("never shows or changes another workspace's mailboxes", async () => {
    const a = await workspace();
    const b = await workspace();
    const before = await stored(a.workspaceId);
    const list = await admin(b).get(URL);
    expect(list.json<{ mailboxes: { email: string }[] }>().mailboxes.map((m) => m.email)).toEqual([
      `viewer@${b.domain}`,
    ]);
    const del = await admin(b).delete(URL, {
      emails: [`viewer@${a.domain}`],
      delete_from_bq: true,
    });
    expect(del.statusCode).toBe(400);
    const add = await admin(b).post(URL, { emails: [`new@${a.domain}`], data_from: day(0) });
    expect(add.statusCode).toBe(400);
    expect(await stored(a.workspaceId)).toEqual(before);
  });
});
