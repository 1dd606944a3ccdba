import { describe, expect, it } from 'vitest';
import { alertBody as input, alertRoutes, storedAlerts } from '../support/alert-routes';
import { setUpTestApp } from '../support/suite';
import { tableResolver } from '../support/webhook';

// An alert's webhook is judged when the alert is saved: a target inside the network (or one
// whose name does not resolve) is refused with a sentence, before anything is stored. Sending
// is judged again (test/server/outbound/webhook-targets.test.ts).

const dns = tableResolver({
  'hooks.example.test': ['127.0.0.1'],
  'metadata.example.test': ['169.254.169.254'],
  // One public and one private answer: refused, as the connection could take either.
  'mixed.example.test': ['203.0.113.5', '10.0.0.5'],
  'v6.example.test': ['2001:db8::5', 'fd00::5'],
});

const inside = (address: string, range: string) =>
  `notify_webhook: This webhook address points inside your network (${address}, ${range}); ` +
  'Mailpulse only calls public addresses.';

const REFUSED: [url: string, address: string, range: string][] = [
  ['https://10.0.0.5/hook', '10.0.0.5', 'private'],
  ['https://172.16.8.1/hook', '172.16.8.1', 'private'],
  ['https://192.168.1.20/hook', '192.168.1.20', 'private'],
  ['https://169.254.169.254/latest/meta-data/', '169.254.169.254', 'link-local'],
  ['https://100.64.0.7/hook', '100.64.0.7', 'shared (CGNAT)'],
  ['https://224.0.0.251/hook', '224.0.0.251', 'multicast'],
  ['https://0.0.0.0/hook', '0.0.0.0', 'unspecified'],
  ['https://255.255.255.255/hook', '255.255.255.255', 'reserved'],
  ['http://127.0.0.1:8080/hook', '127.0.0.1', 'this machine'],
  // The URL parser reads 0x7f.1 as 127.0.0.1.
  ['https://0x7f.1/hook', '127.0.0.1', 'this machine'],
  ['http://[::1]:9000/hook', '::1', 'this machine'],
  ['https://[::]/hook', '::', 'unspecified'],
  ['https://[fd12:3456::1]/hook', 'fd12:3456::1', 'unique-local'],
  ['https://[fe80::1]/hook', 'fe80::1', 'link-local'],
  ['https://[ff02::1]/hook', 'ff02::1', 'multicast'],
  ['https://[::ffff:10.1.2.3]/hook', '::ffff:a01:203', 'private'],
  ['https://[64:ff9b::a9fe:a9fe]/hook', '64:ff9b::a9fe:a9fe', 'link-local'],
  ['http://localhost/hook', '127.0.0.1', 'this machine'],
  ['https://hooks.example.test/hook', '127.0.0.1', 'this machine'],
  ['https://metadata.example.test/latest', '169.254.169.254', 'link-local'],
  ['https://mixed.example.test/hook', '10.0.0.5', 'private'],
  ['https://v6.example.test/hook', 'fd00::5', 'unique-local'],
];

describe('saving an alert webhook', () => {
  const t = setUpTestApp('targets', { resolve: dns });
  const { admin } = t;
  const { workspace, create } = alertRoutes(t);

  it.each(REFUSED)('refuses %s (%s) and stores nothing', async (url, address, range) => {
    const ws = await workspace();
    const res = await admin(ws).post('/portal/api/alerts/', input(ws, { notify_webhook: url }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: inside(address, range) });
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual([]);
  });

  it('refuses a host name that is not found, with a sentence', async () => {
    const ws = await workspace();
    const url = 'https://nowhere.example.test/hook';
    const res = await admin(ws).post('/portal/api/alerts/', input(ws, { notify_webhook: url }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      "notify_webhook: The webhook's host nowhere.example.test was not found; check the address.",
    );
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual([]);
  });

  it('refuses changing an alert to an inside webhook and keeps it as it was', async () => {
    const ws = await workspace();
    const alert = await create(ws, { notify_webhook: 'https://hooks.example/alert' });
    const before = await storedAlerts(t.db, ws.workspaceId);
    const res = await admin(ws).patch(
      `/portal/api/alerts/${alert.id}`,
      input(ws, { name: 'Changed', notify_webhook: 'https://metadata.example.test/latest' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(inside('169.254.169.254', 'link-local'));
    expect(await storedAlerts(t.db, ws.workspaceId)).toEqual(before);
  });

  it('accepts public https webhooks, by name and by address', async () => {
    const ws = await workspace();
    for (const hook of ['https://hooks.example/alert', 'https://203.0.113.9:8443/h', null]) {
      const res = await admin(ws).post('/portal/api/alerts/', input(ws, { notify_webhook: hook }));
      expect(res.statusCode, String(hook)).toBe(201);
      expect(res.json<{ notify_webhook: string | null }>().notify_webhook).toBe(hook);
    }
  });
});

describe('saving an alert webhook with OUTBOUND_ALLOW_PRIVATE', () => {
  const t = setUpTestApp('onprem', { resolve: dns, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  const { admin } = t;
  const { workspace } = alertRoutes(t);

  it('accepts receivers inside the network, and plain http only on loopback hosts', async () => {
    const ws = await workspace(10);
    for (const hook of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]:9000/h',
      'https://10.0.0.5/hook',
      'https://hooks.example.test/hook',
    ]) {
      const res = await admin(ws).post('/portal/api/alerts/', input(ws, { notify_webhook: hook }));
      expect(res.statusCode, hook).toBe(201);
      expect(res.json<{ notify_webhook: string | null }>().notify_webhook).toBe(hook);
    }
    const res = await admin(ws).post(
      '/portal/api/alerts/',
      input(ws, { notify_webhook: 'http://10.0.0.5/hook' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/notify_webhook.*https/);
  });
});
