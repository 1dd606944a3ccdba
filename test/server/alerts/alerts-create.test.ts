import { describe, expect, it } from 'vitest';
import { alertBody as input, alertRoutes, storedAlerts } from '../support/alert-routes';
import { setUpTestApp } from '../support/suite';

// Creating alerts through the API; reading, changing and deleting them and who may are in
// alerts-existing.test.ts.

const LIMIT_MESSAGE = "You've reched your limit of alerts";

const t = setUpTestApp('alerts');

const { admin } = t;
const { workspace, create } = alertRoutes(t);

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
