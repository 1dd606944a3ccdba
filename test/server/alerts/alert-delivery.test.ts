import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { alertChannels } from '../../../server/alerts/delivery';
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import { loadConfig } from '../../../server/config';
import { drainOnce } from '../../../server/outbound/forwarder';
import {
  createAlert,
  engineWorkspace,
  evaluateAt,
  rebuildFacts,
  type EngineWorkspace,
} from '../support/alert-engine';
import { startSmtp } from '../support/smtp';
import { insertMessages } from '../support/stats';
import { setUpTestApp } from '../support/suite';
import { recordingLogger } from '../support/webhook';

// The test receivers listen on loopback, which OUTBOUND_ALLOW_PRIVATE lets the webhooks reach.
// One app for the file: each test has its own workspace, and the rows earlier tests leave are
// sent, or wait for an SMTP server no later drainer has, or are retried only after the instants
// a later test drains at (its evaluation counts run first).
const t = setUpTestApp('ad', { env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });

// Company hours Mon–Fri 09:00–17:00 UTC; a Friday 16:00 email is 120 business minutes old on
// Monday 10:00.
const FRIDAY_16 = '2027-03-05T16:00:00Z';
const MONDAY_10 = '2027-03-08T10:00:00Z';
const PUBLIC_URL = 'https://mailpulse.example';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A forwarder pass of the alert channels at the injected instant. */
function drainer(smtpUrl?: string) {
  const config = loadConfig({ PUBLIC_URL, ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) });
  const channels = alertChannels(config, t.db, t.app.outboundGuard);
  return (at: Date) => drainOnce(t.db, channels, recordingLogger().log, { now: () => at });
}

const cli = (line: string) => runCommand(t.db, parseCommand(line.split(' ')));

async function overdueEmail(e: EngineWorkspace, subject: string) {
  await insertMessages(t.db, e.mailbox, [{ at: FRIDAY_16, from: 'ann@client.example', subject }]);
  await rebuildFacts(t.db, e);
}

/** Quoted-printable undone enough to read the parts. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('alert emails', () => {
  it('arrive exactly once after the SMTP server refused them for ten minutes', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const e = await engineWorkspace(t);
    await createAlert(t, e, { name: 'Domain', watchingSince: MONDAY_10 });
    await createAlert(t, e, {
      name: 'Ann',
      minutesGap: 60,
      addresses: ['ann@client.example'],
      domains: [],
      watchingSince: MONDAY_10,
    });
    await overdueEmail(e, 'Order <42> & "refund"');
    expect(await evaluateAt(t.db, MONDAY_10)).toMatchObject({ notified: 2, outboxRows: 2 });

    const drain = drainer(smtp.url);
    smtp.state.refusing = true;
    const start = new Date(MONDAY_10).getTime();
    for (let s = 0; s <= 1800; s += 15) {
      if (s === 600) smtp.state.refusing = false;
      await drain(new Date(start + s * 1000));
      if (s < 600) expect(smtp.state.received).toEqual([]);
    }

    const received = smtp.state.received;
    expect(received).toHaveLength(2);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(2);
    for (const mail of received) {
      expect(mail.recipients).toEqual([`admin@${e.ws.domain}`, `lead@${e.ws.domain}`]);
      const text = decoded(mail.raw);
      expect(text).toMatch(/^Auto-Submitted: auto-generated$/m);
      expect(text).toContain('Content-Type: text/plain');
      expect(text).toContain('Content-Type: text/html');
      expect(text).toContain('from ann@client.example, "Order <42> & "refund""');
      expect(text).toContain('<td>Order &#60;42&#62; &#38; &#34;refund&#34;</td>');
      expect(text).toContain(`${PUBLIC_URL}/dashboard?view=unreplied&alert=`);
    }
    const lines = await cli(`alerts:outbox --workspace ${e.ws.workspaceId}`);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/email .*: sent, [2-9] attempt\(s\)/);
  });

  it('stay in the outbox while no SMTP server is configured', async () => {
    const e = await engineWorkspace(t);
    await createAlert(t, e, { watchingSince: MONDAY_10 });
    await overdueEmail(e, 'Kept');
    await evaluateAt(t.db, MONDAY_10);
    expect(await drainer()(new Date(MONDAY_10))).toEqual({ delivered: 0, failed: 0, withheld: 0 });
    const [line] = await cli(`alerts:outbox --workspace ${e.ws.workspaceId}`);
    expect(line).toMatch(/email "Customers waiting" 1 email\(s\), .*: queued, 0 attempt\(s\)/);
  });
});

interface Posted {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver(status: number) {
  const posts: Posted[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      posts.push({ headers: req.headers, body });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { posts, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

type Verify = (secret: string, headers: IncomingHttpHeaders, body: string, now?: number) => boolean;

/** The verification recipe of docs/alerts.md, run as it is printed there. */
async function readmeRecipe(): Promise<Verify> {
  const readme = await readFile('docs/alerts.md', 'utf8');
  const code = /```js\n(\/\/ verify-mailpulse\.mjs\n[\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('docs/alerts.md has no verify-mailpulse.mjs recipe');
  await mkdir('.tmp', { recursive: true });
  const file = `${process.cwd()}/.tmp/verify-mailpulse-${process.pid}.mjs`;
  await writeFile(file, code);
  const module = (await import(pathToFileURL(file).href)) as { verifyMailpulse: Verify };
  return module.verifyMailpulse;
}

describe('alert webhooks', () => {
  it('are signed so the documented recipe accepts them, and not a changed body or an old one', async () => {
    const receiver = await startReceiver(204);
    const e = await engineWorkspace(t);
    await createAlert(t, e, { webhook: receiver.url, watchingSince: MONDAY_10 });
    await overdueEmail(e, 'Signed');
    await evaluateAt(t.db, MONDAY_10);
    const sentAt = new Date(MONDAY_10);
    expect(await drainer()(sentAt)).toEqual({ delivered: 1, failed: 0, withheld: 0 });

    const [post] = receiver.posts;
    if (!post) throw new Error('nothing posted');
    const body = JSON.parse(post.body) as { text: string; emails: { subject: string }[] };
    expect(body.emails.map((item) => item.subject)).toEqual(['Signed']);
    expect(body.text).toContain('from ann@client.example, "Signed"');
    const [secret] = await cli(`alerts:secret --workspace ${e.ws.workspaceId}`);
    const verify = await readmeRecipe();
    const now = sentAt.getTime() + 30_000;
    expect(verify(secret ?? '', post.headers, post.body, now)).toBe(true);
    expect(verify(secret ?? '', post.headers, post.body.replace('Signed', 'Signe!'), now)).toBe(
      false,
    );
    expect(verify(secret ?? '', post.headers, post.body, now + 10 * 60_000)).toBe(false);

    const rotated = await cli(`alerts:secret --workspace ${e.ws.workspaceId} --rotate`);
    expect(rotated[1]).not.toBe(secret);
    expect(verify(rotated[1] ?? '', post.headers, post.body, now)).toBe(false);
  });

  it('are retried with backoff for 24 hours, then marked failed', async () => {
    const receiver = await startReceiver(500);
    const e = await engineWorkspace(t);
    await createAlert(t, e, { webhook: receiver.url, watchingSince: MONDAY_10 });
    await overdueEmail(e, 'Never accepted');
    await evaluateAt(t.db, MONDAY_10);
    const drain = drainer();
    let at = new Date(MONDAY_10);
    for (let pass = 0; pass < 400; pass += 1) {
      await drain(at);
      const [row] = await t.db.query<{ next: string; failed: boolean }>(
        `select next_attempt_at as next, failed_at is not null as failed from outbound_requests
          where workspace_id = $1 and kind = 'alert_webhook'`,
        [e.ws.workspaceId],
      );
      if (!row || row.failed) break;
      at = new Date(row.next);
    }
    const hours = (at.getTime() - new Date(MONDAY_10).getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.8);
    expect(hours).toBeLessThanOrEqual(24);
    const [line] = await cli(`alerts:outbox --workspace ${e.ws.workspaceId}`);
    expect(line).toMatch(/webhook "Customers waiting" .*: failed, \d+ attempt\(s\).*answered 500/);
    expect(receiver.posts.length).toBeGreaterThan(140);
  });
});
