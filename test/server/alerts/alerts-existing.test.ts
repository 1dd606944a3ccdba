import { describe, expect, it } from 'vitest';
import { client, setFeature } from '../support/app';
import { alertBody as input, alertRoutes, storedAlerts } from '../support/alert-routes';
import { setUpTestApp } from '../support/suite';

// Reading, changing and deleting alerts through the API, and who may; creating them is in
// alerts-create.test.ts.

const t = setUpTestApp('alerts');

const { admin } = t;
const { workspace, create } = alertRoutes(t);

describe('reading alerts', () => {
  it('lists alerts by creation with their mailboxes sorted, and reads one', async () => {
    const ws = await workspace();
    const first = await create(ws, {
      name: 'First',
      mailboxes: [`viewer@${ws.domain}`, `sales@${ws.domain}`],
    });
    const second = await create(ws, { name: 'Second' });
    const list = await admin(ws).get('/portal/api/alerts/');
    expect(list.statusCode).toBe(200);
    const { alerts } = list.json<{ alerts: { id: number; name: string; mailboxes: string[] }[] }>();
    expect(alerts.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(alerts[0]?.mailboxes).toEqual([`Sales@${ws.domain}`, `viewer@${ws.domain}`]);
    const one = await admin(ws).get(`/portal/api/alerts/${second.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(alerts[1]);
  });

  it('answers 404 for an unknown id', async () => {
    const ws = await workspace();
    expect((await admin(ws).get('/portal/api/alerts/999999')).statusCode).toBe(404);
    // Beyond int4 the contract refuses the id itself.
    const huge = await admin(ws).get('/portal/api/alerts/99999999999');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ message: 'params/id must be <= 2147483647' });
  });
});

describe('changing alerts', () => {
  it('replaces every field and the mailbox links', async () => {
    const ws = await workspace();
    const alert = await create(ws, { notify_webhook: 'https://hooks.example/a' });
    const res = await admin(ws).patch(
      `/portal/api/alerts/${alert.id}`,
      input(ws, {
        id: alert.id,
        name: 'Renamed',
        minutes_gap: 60,
        mailboxes: [`sales@${ws.domain}`],
        addresses: [],
        domains: ['other.example'],
        notify_emails: [`manager@${ws.domain}`],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alert.id,
      name: 'Renamed',
      minutes_gap: 60,
      mailboxes: [`Sales@${ws.domain}`],
      addresses: [],
      domains: ['other.example'],
      notify_emails: [`manager@${ws.domain}`],
      notify_webhook: null,
      created_by: ws.admin.email,
    });
    expect((await storedAlerts(t.db, ws.workspaceId))[0]?.mailbox_ids).toHaveLength(1);
  });

  it('leaves the alert unchanged when the new body is bad', async () => {
    const ws = await workspace();
    const alert = await create(ws);
    const before = await storedAlerts(t.db, ws.workspaceId);
    for (const overrides of [
      { minutes_gap: 0 },
      { mailboxes: [`sales@${ws.domain}`, 'ghost@nowhere.example'] },
      { domains: ['not a domain'] },
      { notify_webhook: 'http://example.com/hook' },
    ]) {
      const res = await admin(ws).patch(
        `/portal/api/alerts/${alert.id}`,
        input(ws, { name: 'Changed', ...overrides }),
      );
      expect(res.statusCode).toBe(400);
    }
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual(before);
  });

  it('pauses and resumes without touching other fields', async () => {
    const ws = await workspace();
    const alert = await create(ws);
    const before = await storedAlerts(t.db, ws.workspaceId);
    const paused = await admin(ws).patch(`/portal/api/alerts/${alert.id}`, {
      id: alert.id,
      alert: { is_active: false },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id: alert.id, is_active: false, name: 'VIP customers' });
    expect((await storedAlerts(t.db, ws.workspaceId))[0]?.is_active).toBe(false);
    const resumed = await admin(ws).patch(`/portal/api/alerts/${alert.id}`, {
      alert: { is_active: true },
    });
    expect(resumed.json()).toMatchObject({ is_active: true });
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual(before);
  });

  it('answers 404 when patching an unknown id', async () => {
    const ws = await workspace();
    const res = await admin(ws).patch('/portal/api/alerts/424242', { alert: { is_active: false } });
    expect(res.statusCode).toBe(404);
    expect((await admin(ws).patch('/portal/api/alerts/424242', input(ws))).statusCode).toBe(404);
  });
});

describe('deleting alerts', () => {
  it('deletes all the ids, or nothing when one is unknown', async () => {
    const ws = await workspace();
    const a = await create(ws, { name: 'A' });
    const b = await create(ws, { name: 'B' });
    const partial = await admin(ws).delete('/portal/api/alerts/', { alerts: [a.id, 987654] });
    expect(partial.statusCode).toBe(404);
    expect(await storedAlerts(t.db, ws.workspaceId)).toHaveLength(2);
    const res = await admin(ws).delete('/portal/api/alerts/', { alerts: [a.id, b.id, a.id] });
    expect(res.statusCode).toBe(204);
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual([]);
    const count = await t.db.query(`select 1 from alert_mailboxes where workspace_id = $1`, [
      ws.workspaceId,
    ]);
    expect(count).toEqual([]);
  });
});

describe('access', () => {
  it('refuses managers and viewers', async () => {
    const ws = await workspace();
    const alert = await create(ws);
    for (const session of [ws.manager, ws.viewer]) {
      const c = client(t.app, session.token);
      const replies = [
        await c.get('/portal/api/alerts/'),
        await c.get(`/portal/api/alerts/${alert.id}`),
        await c.post('/portal/api/alerts/', input(ws)),
        await c.patch(`/portal/api/alerts/${alert.id}`, { alert: { is_active: false } }),
        await c.delete('/portal/api/alerts/', { alerts: [alert.id] }),
      ];
      expect(replies.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await storedAlerts(t.db, ws.workspaceId)).toHaveLength(1);
  });

  it('allows only reads when the feature is read-only, and nothing when it is disabled', async () => {
    const ws = await workspace();
    const alert = await create(ws);
    const before = await storedAlerts(t.db, ws.workspaceId);
    await setFeature(t.db, ws.workspaceId, 'alerts', true, true);
    expect((await admin(ws).get('/portal/api/alerts/')).statusCode).toBe(200);
    const writes = [
      await admin(ws).post('/portal/api/alerts/', input(ws)),
      await admin(ws).patch(`/portal/api/alerts/${alert.id}`, { alert: { is_active: false } }),
      await admin(ws).delete('/portal/api/alerts/', { alerts: [alert.id] }),
    ];
    expect(writes.map((r) => r.json<{ error: string }>().error)).toEqual([
      'read_only',
      'read_only',
      'read_only',
    ]);
    await setFeature(t.db, ws.workspaceId, 'alerts', false, false);
    expect((await admin(ws).get('/portal/api/alerts/')).statusCode).toBe(403);
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual(before);
  });

  it("never reads or changes another workspace's alerts", async () => {
    const a = await workspace();
    const b = await workspace();
    const alert = await create(a);
    const before = await storedAlerts(t.db, a.workspaceId);
    const other = admin(b);
    expect((await other.get('/portal/api/alerts/')).json()).toEqual({
      alerts: [],
      email_delivery: false,
    });
    expect((await other.get(`/portal/api/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/portal/api/alerts/${alert.id}`, input(b))).statusCode).toBe(404);
    expect(
      (await other.patch(`/portal/api/alerts/${alert.id}`, { alert: { is_active: false } }))
        .statusCode,
    ).toBe(404);
    expect((await other.delete('/portal/api/alerts/', { alerts: [alert.id] })).statusCode).toBe(
      404,
    );
    // A's mailboxes are not B's to watch.
    const foreign = await other.post(
      '/portal/api/alerts/',
      input(b, { mailboxes: [`viewer@${a.domain}`] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(await storedAlerts(t.db, a.workspaceId)).toEqual(before);
    expect(await storedAlerts(t.db, b.workspaceId)).toEqual([]);
  });
});
