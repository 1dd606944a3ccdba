import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { alertChannels } from '../../../server/alerts/delivery';
import { signature, webhookSecret } from '../../../server/alerts/webhook-secret';
import { loadConfig } from '../../../server/config';
import { drainOnce, postJson, requestChannels } from '../../../server/outbound/forwarder';
import { createOutboundGuard } from '../../../server/outbound/safe-target';
import { client } from '../support/app';
import { createAlert, engineWorkspace, evaluateAt, rebuildFacts } from '../support/alert-engine';
import { insertMessages } from '../support/stats';
import { storedRequests } from '../support/stored-requests';
import { setUpTestApp, type TestSuite } from '../support/suite';
import { recordingLogger, tableResolver } from '../support/webhook';

// Sending is judged as saving is (test/server/alerts/alert-webhook-targets.test.ts): an alert
// saved before the check existed, a name that now resolves inside, a redirect, and the feedback
// and integration webhooks the operator sets. The receivers here listen on loopback, and each
// test shows whether the delivery reached them.

const MONDAY_10 = '2027-03-08T10:00:00Z';
const dns = tableResolver({ 'hooks.example.test': ['127.0.0.1'] });
const inside = (address: string, range: string) =>
  `This webhook address points inside your network (${address}, ${range}); ` +
  'Mailpulse only calls public addresses.';

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A server on loopback that records every request and answers with `answer`. */
async function receiver(answer: (res: ServerResponse) => void = (res) => res.end()) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { received, port: (server.address() as AddressInfo).port };
}

/** An overdue email for an alert whose webhook is `webhook` as stored (saved before the check). */
async function alertWebhookRow(t: TestSuite, webhook: string) {
  const e = await engineWorkspace(t);
  const alertId = await createAlert(t, e, { watchingSince: MONDAY_10 });
  await t.db.query(
    `update alerts set notify_webhook = $3 where workspace_id = $1 and alert_id = $2`,
    [e.ws.workspaceId, alertId, webhook],
  );
  await insertMessages(t.db, e.mailbox, [
    { at: '2027-03-05T16:00:00Z', from: 'ann@client.example', subject: 'Waiting' },
  ]);
  await rebuildFacts(t.db, e);
  await evaluateAt(t.db, MONDAY_10);
  return e.ws.workspaceId;
}

/** One forwarder pass of the alert channels through the app's guard. */
async function sendAlerts(t: TestSuite) {
  const config = loadConfig({ PUBLIC_URL: 'https://mailpulse.example' });
  const channels = alertChannels(config, t.db, t.app.outboundGuard);
  return drainOnce(t.db, channels, recordingLogger().log, { now: () => new Date(MONDAY_10) });
}

const webhookError = async (t: TestSuite, workspaceId: number) =>
  (
    await t.db.query<{ last_error: string }>(
      `select last_error from outbound_requests where workspace_id = $1 and kind = 'alert_webhook'`,
      [workspaceId],
    )
  )[0]?.last_error;

// One app per block: each test has its own workspace and receivers, every row it sends fails or
// is delivered at once, and a failed one is retried only after the instant the next test sends at.
describe('sending to a webhook inside the network', () => {
  const t = setUpTestApp('send', { resolve: dns });

  it('does not reach an alert webhook on loopback saved before the check', async () => {
    const hook = await receiver();
    const workspaceId = await alertWebhookRow(t, `http://127.0.0.1:${hook.port}/hook`);
    expect(await sendAlerts(t)).toEqual({ delivered: 0, failed: 1, withheld: 0 });
    expect(hook.received).toEqual([]);
    expect(await webhookError(t, workspaceId)).toBe(inside('127.0.0.1', 'this machine'));
  });

  it('does not reach a name that resolves to 127.0.0.1', async () => {
    const hook = await receiver();
    const workspaceId = await alertWebhookRow(t, `http://hooks.example.test:${hook.port}/hook`);
    expect(await sendAlerts(t)).toEqual({ delivered: 0, failed: 1, withheld: 0 });
    expect(hook.received).toEqual([]);
    expect(await webhookError(t, workspaceId)).toMatch(inside('127.0.0.1', 'this machine'));
  });

  it('does not forward feedback or integration requests to loopback', async () => {
    const feedback = await receiver();
    const integration = await receiver();
    const ws = await t.workspace();
    const as = client(t.app, ws.admin.token);
    await as.post('/portal/api/feedback/', { content: 'Kept in the outbox', type: 'Bug' });
    await as.post('/portal/api/integration-requests/', {
      content: 'Also kept',
      integration_name: 'Attio',
      integration_id: 'attio',
    });
    const targets = {
      feedbackWebhookUrl: `http://127.0.0.1:${feedback.port}/f`,
      integrationWebhookUrl: `http://hooks.example.test:${integration.port}/i`,
    };
    const channels = requestChannels(targets, t.app.outboundGuard);
    expect(await drainOnce(t.db, channels, recordingLogger().log)).toEqual({
      delivered: 0,
      failed: 2,
      withheld: 0,
    });
    expect([...feedback.received, ...integration.received]).toEqual([]);
    const rows = await storedRequests(ws.workspaceId, t);
    expect(rows.map((row) => [row.kind, row.delivered])).toEqual([
      ['feedback', false],
      ['integration', false],
    ]);
    for (const row of rows) expect(row.last_error).toMatch(inside('127.0.0.1', 'this machine'));
  });
});

describe('sending with OUTBOUND_ALLOW_PRIVATE', () => {
  const env = { OUTBOUND_ALLOW_PRIVATE: 'true' };
  const t = setUpTestApp('onprem', { resolve: dns, env });

  it('delivers the signed POST to a receiver on loopback, by name', async () => {
    const hook = await receiver((res) => {
      res.statusCode = 204;
      res.end();
    });
    const workspaceId = await alertWebhookRow(t, `http://hooks.example.test:${hook.port}/hook`);
    expect(await sendAlerts(t)).toEqual({ delivered: 1, failed: 0, withheld: 0 });
    const [post] = hook.received;
    if (!post) throw new Error('nothing posted');
    expect(post.method).toBe('POST');
    const secret = await webhookSecret(t.db, workspaceId);
    const timestamp = String(post.headers['x-mailpulse-timestamp']);
    expect(post.headers['x-mailpulse-signature']).toBe(signature(secret, timestamp, post.body));
  });

  // The receiver stands for a public address that redirects inside; loopback is allowed here
  // only so that the test can run it.
  it.each([302, 307])('does not follow a %i redirect: it is a failed delivery', async (status) => {
    const target = await receiver();
    const hook = await receiver((res) => {
      res.statusCode = status;
      res.setHeader('location', `http://127.0.0.1:${target.port}/inside`);
      res.end();
    });
    const workspaceId = await alertWebhookRow(t, `http://127.0.0.1:${hook.port}/hook`);
    expect(await sendAlerts(t)).toEqual({ delivered: 0, failed: 1, withheld: 0 });
    expect(hook.received).toHaveLength(1);
    expect(target.received).toEqual([]);
    expect(await webhookError(t, workspaceId)).toBe(
      `The webhook answered ${status}; redirects are not followed`,
    );
  });
});

describe('a guard without OUTBOUND_ALLOW_PRIVATE', () => {
  const guard = createOutboundGuard({ allowPrivate: false, resolve: dns });
  afterAll(() => guard.close());

  it.each([
    ['10.0.0.5', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['239.1.1.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['[fd00::1]', 'unique-local'],
    ['[fe80::1]', 'link-local'],
    ['[::ffff:7f00:1]', 'this machine'],
  ])('refuses %s (%s) before connecting', async (host, range) => {
    const error = await postJson(guard, `https://${host}/hook`, '{}');
    expect(error).toBe(inside(host.replace(/^\[(.*)\]$/, '$1'), range));
  });
});
