import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { alertChannels } from '../../../server/alerts/delivery';
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import { loadConfig } from '../../../server/config';
import { drainOnce, requestChannels } from '../../../server/outbound/forwarder';
import { createOutboundGuard } from '../../../server/outbound/safe-target';
import { insertSubscription } from '../../../server/repos/reports';
import { reportChannels } from '../../../server/reports/delivery';
import { client } from '../support/app';
import { createAlert, engineWorkspace, evaluateAt, rebuildFacts } from '../support/alert-engine';
import { startSmtp } from '../support/smtp';
import { insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';
import { recordingLogger, startWebhook } from '../support/webhook';

// Anyone with a demo link is an admin of the demo workspace: it sends no webhooks and emails no
// one but its own users. What would leave ends unsent, with the reason, in the outbox.

const t = setUpTestApp('demo-out', { perTest: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
// The receivers are on loopback: the guard lets them through, so what stops a delivery here is
// the demo rule, not the address rule.
const guard = createOutboundGuard({ allowPrivate: true });
afterAll(() => guard.close());
const PUBLIC_URL = 'https://mailpulse.example';
const FRIDAY_16 = '2027-03-05T16:00:00Z';
const MONDAY_10 = '2027-03-08T10:00:00Z';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function services() {
  const smtp = await startSmtp();
  const { hook, close } = await startWebhook();
  hook.status = 204;
  closers.push(smtp.close, close);
  return { smtp, hook };
}

const makeDemo = (workspaceId: number) =>
  t.db.query('update workspaces set is_demo = true where workspace_id = $1', [workspaceId]);

const cli = (line: string) => runCommand(t.db, parseCommand(line.split(' ')));

describe('a demo workspace', () => {
  it("emails an alert only to its own users and withholds the alert's webhook, shown in alerts:outbox", async () => {
    const { smtp, hook } = await services();
    const e = await engineWorkspace(t);
    await makeDemo(e.ws.workspaceId);
    // Notifies admin@ (a user) and lead@ (no user of the workspace) by email, and the webhook.
    await createAlert(t, e, { webhook: hook.url, watchingSince: MONDAY_10 });
    await insertMessages(t.db, e.mailbox, [
      { at: FRIDAY_16, from: 'ann@client.example', subject: 'Waiting' },
    ]);
    await rebuildFacts(t.db, e);
    await evaluateAt(t.db, MONDAY_10);
    const config = loadConfig({ PUBLIC_URL, SMTP_URL: smtp.url });
    const { log, warnings } = recordingLogger();
    const at = new Date(MONDAY_10);
    const result = await drainOnce(t.db, alertChannels(config, t.db, guard), log, {
      now: () => at,
    });

    expect(result).toEqual({ delivered: 1, failed: 0, withheld: 1 });
    expect(hook.received).toEqual([]);
    expect(smtp.state.received.map((mail) => mail.recipients)).toEqual([[`admin@${e.ws.domain}`]]);
    const lines = await cli(`alerts:outbox --workspace ${e.ws.workspaceId}`);
    expect(lines.find((line) => line.includes(' webhook '))).toMatch(
      /: failed, 1 attempt\(s\), failed .*; last error: Not sent: a demo workspace sends no webhooks$/,
    );
    expect(lines.find((line) => line.includes(' email '))).toMatch(/: sent, 1 attempt\(s\)/);
    expect(warnings.map(([, message]) => message)).toEqual([
      'A demo workspace emails only its users',
      'Not sent: a demo workspace sends no webhooks',
    ]);
  });

  it('forwards no feedback or integration request to the webhooks', async () => {
    const { hook } = await services();
    const ws = await t.workspace();
    await makeDemo(ws.workspaceId);
    await client(t.app, ws.admin.token).post('/portal/api/feedback/', {
      content: 'Please add CSV export',
      type: 'Feature request',
    });
    await client(t.app, ws.viewer.token).post('/portal/api/integration-requests/', {
      content: 'Need our CRM',
      integration_name: 'Attio',
      integration_id: 'attio',
    });
    const targets = { feedbackWebhookUrl: hook.url, integrationWebhookUrl: hook.url };
    const { log } = recordingLogger();

    expect(await drainOnce(t.db, requestChannels(targets, guard), log)).toEqual({
      delivered: 0,
      failed: 0,
      withheld: 2,
    });
    expect(hook.received).toEqual([]);
    const rows = await t.db.query<{ kind: string; failed: boolean; last_error: string }>(
      `select kind, failed_at is not null as failed, last_error from outbound_requests
        where workspace_id = $1 order by request_id`,
      [ws.workspaceId],
    );
    const reason = 'Not sent: a demo workspace sends no webhooks';
    expect(rows).toEqual([
      { kind: 'feedback', failed: true, last_error: reason },
      { kind: 'integration', failed: true, last_error: reason },
    ]);
  });

  it('emails its reports to its users and to no one else', async () => {
    const { smtp } = await services();
    const ws = await t.workspace();
    await makeDemo(ws.workspaceId);
    const fields = {
      frequency: 'weekly',
      narrowedBy: 'none',
      mailboxIds: [],
      teamIds: [],
    } as const;
    const subscription = await t.db.transaction((tx) =>
      insertSubscription(tx, ws.workspaceId, ws.admin.userId, fields, new Date('2026-11-18')),
    );
    // Two report rows as the queue writes them: one to the admin, one to an outside address.
    for (const to of [ws.admin.email, 'someone@elsewhere.example']) {
      const payload = {
        subscription_id: subscription,
        to,
        subject: `For ${to}`,
        html: '<p>x</p>',
        text: 'x',
        unsubscribe_url: `${PUBLIC_URL}/u`,
        period: { from: '2026-11-16', to: '2026-11-22' },
        rendered_at: '2026-11-23T07:00:00Z',
        on_demand: true,
      };
      await t.db.query(
        `insert into outbound_requests (workspace_id, kind, subscription_id, payload, give_up_at, next_attempt_at)
         values ($1, 'report_email', $2, $3::jsonb, now() + interval '1 day', now())`,
        [ws.workspaceId, subscription, JSON.stringify(payload)],
      );
    }
    const config = loadConfig({ PUBLIC_URL, SMTP_URL: smtp.url });
    const { log } = recordingLogger();
    expect(await drainOnce(t.db, reportChannels(config), log)).toEqual({
      delivered: 1,
      failed: 0,
      withheld: 1,
    });
    expect(smtp.state.received.map((mail) => mail.recipients)).toEqual([[ws.admin.email]]);
    const [withheld] = await t.db.query<{ last_error: string }>(
      `select last_error from outbound_requests where workspace_id = $1 and failed_at is not null`,
      [ws.workspaceId],
    );
    expect(withheld?.last_error).toBe(
      'Not sent: a demo workspace emails only its own users, not someone@elsewhere.example',
    );
  });
});
