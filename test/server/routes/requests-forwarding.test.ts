import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { client } from '../support/app';
import { storedRequests as stored } from '../support/stored-requests';
import { setUpTestApp, type TestSuite } from '../support/suite';
import { recordingLogger, startWebhook } from '../support/webhook';
import { drainOnce, requestChannels, retryDelaySeconds } from '../../../server/outbound/forwarder';
import outboundPlugin from '../../../server/outbound/plugin';
import configPlugin from '../../../server/plugins/config';
import { loadConfig } from '../../../server/config';

// Delivering stored requests to the webhooks; storing them is in requests-storing.test.ts. The
// apps under test have no webhook configured, so their own forwarders leave every row queued and
// the tests drive delivery themselves with drainOnce. The webhooks listen on loopback, which
// OUTBOUND_ALLOW_PRIVATE lets the deliveries reach (refused without it: webhook-targets.test.ts).

const FEEDBACK = '/portal/api/feedback/';
const INTEGRATION = '/portal/api/integration-requests/';

const workspace = (on: TestSuite) => on.workspace();

const makeDue = (on: TestSuite, workspaceId: number) =>
  on.db.query(
    `update outbound_requests set next_attempt_at = now() - interval '1 second' where workspace_id = $1`,
    [workspaceId],
  );

describe('retry delay', () => {
  it('doubles from 5 seconds up to 10 minutes', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelaySeconds)).toEqual([5, 10, 20, 40, 320, 600, 600]);
  });
});

describe('forwarding', () => {
  // Each test gets its own database, so no other test's queued rows are due in its passes.
  const f = setUpTestApp('forwarding', {
    perTest: true,
    env: { OUTBOUND_ALLOW_PRIVATE: 'true' },
  });
  const webhooks: (() => Promise<void>)[] = [];
  // Registered after the app's hooks, so it runs before the app closes.
  afterEach(async () => {
    await Promise.all(webhooks.splice(0).map((close) => close()));
  });
  async function webhook() {
    const { hook, close } = await startWebhook();
    webhooks.push(close);
    return hook;
  }

  it('keeps feedback while the webhook fails and delivers it exactly once after it recovers', async () => {
    const ws = await workspace(f);
    const hook = await webhook();
    const { log, warnings } = recordingLogger();
    const targets = { feedbackWebhookUrl: hook.url, integrationWebhookUrl: undefined };
    await client(f.app, ws.admin.token).post(FEEDBACK, {
      content: 'Please add CSV export',
      type: 'Feature request',
    });

    // The forwarder's clock, held: the retry is due 5 s after it, however long the pass took.
    const at = new Date();
    const clock = { now: () => at };
    expect(
      await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log, clock),
    ).toEqual({
      delivered: 0,
      failed: 1,
      withheld: 0,
    });
    expect(hook.received).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    const [failed] = await stored(ws.workspaceId, f, at);
    expect(failed).toMatchObject({
      attempts: 1,
      last_error: 'The webhook answered 500',
      delivered: false,
    });
    // Retried 5 s after the failure.
    expect(failed?.due_in_seconds).toBe(5);

    // Not due yet: a pass sends nothing.
    expect(
      await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log, clock),
    ).toEqual({
      delivered: 0,
      failed: 0,
      withheld: 0,
    });
    expect(hook.received).toHaveLength(1);

    hook.status = 204;
    await makeDue(f, ws.workspaceId);
    expect(await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log)).toEqual({
      delivered: 1,
      failed: 0,
      withheld: 0,
    });
    await makeDue(f, ws.workspaceId);
    expect(await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log)).toEqual({
      delivered: 0,
      failed: 0,
      withheld: 0,
    });

    const payload = {
      email: ws.admin.email,
      client: ws.name,
      role: 'admin',
      content: 'Please add CSV export',
      type: 'Feature request',
    };
    expect(hook.received).toEqual([payload, payload]);
    expect(await stored(ws.workspaceId, f)).toEqual([
      expect.objectContaining({ attempts: 2, last_error: null, delivered: true }),
    ]);
  });

  it('sends integration requests with their name and id to the integration webhook', async () => {
    const ws = await workspace(f);
    const feedbackHook = await webhook();
    const integrationHook = await webhook();
    integrationHook.status = 200;
    await client(f.app, ws.viewer.token).post(INTEGRATION, {
      content: 'Need our CRM',
      integration_name: 'Attio',
      integration_id: 'attio',
    });
    const targets = {
      feedbackWebhookUrl: feedbackHook.url,
      integrationWebhookUrl: integrationHook.url,
    };
    expect(
      await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), recordingLogger().log),
    ).toEqual({
      delivered: 1,
      failed: 0,
      withheld: 0,
    });
    expect(feedbackHook.received).toEqual([]);
    expect(integrationHook.received).toEqual([
      {
        email: ws.viewer.email,
        client: ws.name,
        role: 'viewer',
        content: 'Need our CRM',
        integration_name: 'Attio',
        integration_id: 'attio',
      },
    ]);
  });

  it('leaves requests queued while their webhook is not configured', async () => {
    const ws = await workspace(f);
    await client(f.app, ws.admin.token).post(FEEDBACK, {
      content: 'Queued until configured',
      type: 'Bug',
    });
    const targets = { feedbackWebhookUrl: undefined, integrationWebhookUrl: undefined };
    expect(
      await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), recordingLogger().log),
    ).toEqual({
      delivered: 0,
      failed: 0,
      withheld: 0,
    });
    expect(await stored(ws.workspaceId, f)).toEqual([
      expect.objectContaining({ attempts: 0, delivered: false }),
    ]);
  });

  it('records a network error and backs off', async () => {
    const ws = await workspace(f);
    const { hook, close } = await startWebhook();
    await close();
    await client(f.app, ws.admin.token).post(FEEDBACK, {
      content: 'Nobody is listening',
      type: 'Bug',
    });
    const { log, warnings } = recordingLogger();
    const targets = { feedbackWebhookUrl: hook.url, integrationWebhookUrl: undefined };
    expect(await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log)).toEqual({
      delivered: 0,
      failed: 1,
      withheld: 0,
    });
    await makeDue(f, ws.workspaceId);
    // The second pass's clock, held: the next try is due 10 s after it.
    const at = new Date();
    expect(
      await drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log, { now: () => at }),
    ).toEqual({
      delivered: 0,
      failed: 1,
      withheld: 0,
    });
    const [row] = await stored(ws.workspaceId, f, at);
    expect(row).toMatchObject({
      attempts: 2,
      delivered: false,
    });
    expect(row?.due_in_seconds).toBe(10);
    expect(row?.last_error).toMatch(/fetch failed/);
    expect(warnings).toHaveLength(2);
  });

  it('never sends a row twice when two passes run at once', async () => {
    const ws = await workspace(f);
    const hook = await webhook();
    hook.status = 200;
    for (const n of [1, 2, 3, 4]) {
      await client(f.app, ws.admin.token).post(FEEDBACK, {
        content: `Parallel note ${n}`,
        type: 'Question',
      });
    }
    const targets = { feedbackWebhookUrl: hook.url, integrationWebhookUrl: undefined };
    const { log } = recordingLogger();
    const results = await Promise.all([
      drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log),
      drainOnce(f.db, requestChannels(targets, f.app.outboundGuard), log),
    ]);
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(4);
    const contents = hook.received.map((body) => (body as { content: string }).content).sort();
    expect(contents).toEqual([
      'Parallel note 1',
      'Parallel note 2',
      'Parallel note 3',
      'Parallel note 4',
    ]);
  });

  it('the plugin forwards a request as soon as it is stored, and stops on close', async () => {
    const ws = await workspace(f);
    const hook = await webhook();
    hook.status = 200;
    // A second app on the same database, with the webhook configured and polling only hourly:
    // only the wake-up that storing a request sends can make it deliver during this test.
    const relay = Fastify({ logger: false });
    await relay.register(configPlugin, {
      config: loadConfig({ FEEDBACK_WEBHOOK_URL: hook.url, OUTBOUND_ALLOW_PRIVATE: 'true' }),
    });
    await relay.register(
      fp(
        (app, _opts, done) => {
          app.decorate('db', f.db);
          done();
        },
        { name: 'db' },
      ),
    );
    await relay.register(outboundPlugin, { pollMs: 3_600_000 });
    await relay.ready();
    try {
      const posted = hook.nextPost();
      await client(f.app, ws.viewer.token).post(FEEDBACK, {
        content: 'Delivered right away',
        type: 'Bug',
      });
      await posted;
    } finally {
      await relay.close();
    }
    expect(hook.received).toEqual([
      expect.objectContaining({ content: 'Delivered right away', email: ws.viewer.email }),
    ]);
    expect(await stored(ws.workspaceId, f)).toEqual([
      expect.objectContaining({ attempts: 1, delivered: true }),
    ]);
  });
});
