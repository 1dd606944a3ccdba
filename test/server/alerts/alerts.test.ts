import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { alertInput } from '../support/settings-sweep';
import { setUpTestApp } from '../support/suite';

const LIMIT_MESSAGE = "You've reched your limit of alerts";

const t = setUpTestApp('alerts');

/** A fresh workspace per test with a second tracked mailbox, so tests never share rows. */
async function workspace(maxAlerts = 5): Promise<TestWorkspace> {
  const ws = await t.workspace({ maxAlerts });
  await t.db.query(
    `insert into mailboxes (workspace_id, email, full_name) values ($1, $2, 'Sales')`,
    [ws.workspaceId, `Sales@${ws.domain}`],
  );
  return ws;
}

function input(ws: TestWorkspace, overrides: Record<string, unknown> = {}) {
  return { ...alertInput(ws), ...overrides };
}

const { admin } = t;

async function storedAlerts(db: Db, workspaceId: number) {
  return db.query<Record<string, unknown>>(
    `select a.alert_id, a.name, a.minutes_gap, a.domains, a.addresses, a.notify_emails, a.notify_webhook, a.is_active,
            array(select mailbox_id from alert_mailboxes m where m.workspace_id = a.workspace_id and m.alert_id = a.alert_id order by mailbox_id) as mailbox_ids
       from alerts a where a.workspace_id = $1 order by a.alert_id`,
    [workspaceId],
  );
}

async function create(ws: TestWorkspace, overrides: Record<string, unknown> = {}) {
  const res = await admin(ws).post('/portal/api/alerts/', input(ws, overrides));
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>();
}

describe('creating alerts', () => {
  it('stores the cleaned body and replies with the alert', async () => {
    const ws = await workspace();
    const res = await admin(ws).post(
      '/portal/api/alerts/',
      input(ws, {
        name: '  VIP customers ',
        mailboxes: [`VIEWER@${ws.domain}`, `sales@${ws.domain}`, `viewer@${ws.domain}`],
        addresses: [' Boss@Customer.example', 'boss@customer.example'],
        domains: ['Customer.Example', '*.partner.example', 'customer.example '],
        notify_emails: [`Admin@${ws.domain}`, `admin@${ws.domain}`],
        notify_webhook: 'https://hooks.example/alert',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'VIP customers',
      minutes_gap: 120,
      base: 'unreplied_emails',
      mailboxes: [`Sales@${ws.domain}`, `viewer@${ws.domain}`],
      addresses: ['boss@customer.example'],
      domains: ['customer.example', '*.partner.example'],
      notify_emails: [`admin@${ws.domain}`],
      notify_webhook: 'https://hooks.example/alert',
      is_active: true,
      created_by: ws.admin.email,
      last_triggered: null,
    });
    const [row] = await t.db.query<{ created_by_email: string; created_by_user_id: number }>(
      `select created_by_email, created_by_user_id from alerts where workspace_id = $1`,
      [ws.workspaceId],
    );
    expect(row).toEqual({ created_by_email: ws.admin.email, created_by_user_id: ws.admin.userId });
    expect((await storedAlerts(t.db, ws.workspaceId))[0]?.mailbox_ids).toHaveLength(2);
  });

  it('accepts https webhooks and plain http only on loopback hosts', async () => {
    const ws = await workspace(10);
    for (const hook of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]:9000/h',
      null,
    ]) {
      const res = await admin(ws).post('/portal/api/alerts/', input(ws, { notify_webhook: hook }));
      expect(res.statusCode, String(hook)).toBe(201);
      expect(res.json<{ notify_webhook: string | null }>().notify_webhook).toBe(hook);
    }
  });

  const badBodies: [string, Record<string, unknown>, string | RegExp][] = [
    ['zero hours', { minutes_gap: 0 }, /minutes_gap/],
    ['a fractional gap', { minutes_gap: 1.5 }, /minutes_gap/],
    [
      'an untracked mailbox',
      { mailboxes: ['nobody@elsewhere.example'] },
      /nobody@elsewhere\.example/,
    ],
    ['no mailbox', { mailboxes: [] }, /mailboxes/],
    [
      'a bad domain',
      { domains: ['customer.example', 'not a domain'] },
      'Please check that all domains are correct',
    ],
    ['a bad address', { addresses: ['boss@'] }, 'Please check that all domains are correct'],
    [
      'no address or domain',
      { addresses: [], domains: [] },
      'Add at least one domain or address to watch.',
    ],
    ['no notification email', { notify_emails: [] }, /notify_emails/],
    [
      'a public http webhook',
      { notify_webhook: 'http://example.com/hook' },
      /notify_webhook.*https/,
    ],
    ['a webhook that is no URL', { notify_webhook: 'hooks here' }, /notify_webhook/],
    ['a blank name', { name: '   ' }, /name/],
    ['another base', { base: 'sent_emails' }, /base/],
  ];

  it.each(badBodies)('refuses %s and stores nothing', async (_label, overrides, message) => {
    const ws = await workspace();
    const res = await admin(ws).post('/portal/api/alerts/', input(ws, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual([]);
  });

  it('refuses creation at the limit with the product message', async () => {
    const ws = await workspace(1);
    await create(ws);
    const res = await admin(ws).post('/portal/api/alerts/', input(ws, { name: 'Second' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: LIMIT_MESSAGE });
    expect(await storedAlerts(t.db, ws.workspaceId)).toHaveLength(1);
  });

  it('creates exactly the free slots when 10 requests race for 2', async () => {
    const ws = await workspace(3);
    await create(ws);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin(ws).post('/portal/api/alerts/', input(ws, { name: `Race ${i}` })),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.statusCode === 400)) {
      expect(r.json<{ message: string }>().message).toBe(LIMIT_MESSAGE);
    }
    expect(await storedAlerts(t.db, ws.workspaceId)).toHaveLength(3);
  });
});

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
