import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { drainOnce } from '../../../server/outbound/forwarder';
import { insertSubscription } from '../../../server/repos/reports';
import { reportChannels } from '../../../server/reports/delivery';
import { queueDueReports } from '../../../server/reports/queue';
import { client, setFeature } from '../support/app';
import { reportsWithMail, type ReportsWorkspace } from '../support/reports';
import { startSmtp } from '../support/smtp';
import { setUpTestApp } from '../support/suite';
import { recordingLogger } from '../support/webhook';

// A queued report on its way out: the headers a mail client needs (RFC 3834, RFC 2369/8058), one
// Message-ID per (subscription, period), and the unsubscribe link that works with a POST alone.

const t = setUpTestApp('rdeliv');
const PUBLIC_URL = 'https://mailpulse.example';
const DUE = new Date('2026-11-23T07:00:05Z');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let r: ReportsWorkspace;
beforeAll(async () => {
  smtp = await startSmtp();
  r = await reportsWithMail(t);
});
afterAll(() => smtp.close());
afterEach(async () => {
  smtp.state.received.length = 0;
  await t.db.query('delete from report_subscriptions');
});

async function weeklyOf(userId: number): Promise<number> {
  const fields = { frequency: 'weekly', narrowedBy: 'none', mailboxIds: [], teamIds: [] } as const;
  return t.db.transaction((tx) =>
    insertSubscription(tx, r.ws.workspaceId, userId, fields, new Date('2026-11-18T12:00:00Z')),
  );
}

function drain(at = DUE) {
  const config = loadConfig({
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Mailpulse <reports@mailpulse.example>',
  });
  return drainOnce(t.db, reportChannels(config), recordingLogger().log, { now: () => at });
}

const queue = () => queueDueReports(t.db, { owner: 'test', now: DUE, publicUrl: PUBLIC_URL });

/** A Q-encoded word's text (RFC 2047). */
const decodeWord = (word: string) =>
  decodeURIComponent(
    word
      .replace(/_/g, ' ')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, '%$1'),
  );

/** A header of a raw message, unfolded, its encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const value = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1];
  return value
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?= =\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => decodeWord(word))
    .trim();
}

describe('a report email', () => {
  it('carries its headers and parts, and is sent once', async () => {
    const id = await weeklyOf(r.ws.manager.userId);
    expect(await queue()).toMatchObject({ queued: 1 });
    expect(await drain()).toMatchObject({ delivered: 1 });
    expect(await drain(new Date(DUE.getTime() + 3_600_000))).toMatchObject({ delivered: 0 });
    expect(await queue()).toMatchObject({ queued: 0 });

    const [mail] = smtp.state.received;
    expect(smtp.state.received).toHaveLength(1);
    if (!mail) throw new Error('no mail');
    expect(mail.recipients).toEqual([r.ws.manager.email]);
    expect(mail.messageId).toBe(`<report-${r.ws.workspaceId}-${id}-2026-11-16@mailpulse.example>`);
    expect(header(mail.raw, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(mail.raw, 'Subject')).toBe('Your weekly email report: Nov 16 – 22, 2026');
    const unsubscribe = header(mail.raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      new RegExp(
        `^<${PUBLIC_URL}/portal/reports/unsubscribe/v1\\.${r.ws.workspaceId}\\.${id}\\.[\\w-]{43}>$`,
      ),
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const rows = await t.db.query(
      `select delivered_at from outbound_requests where subscription_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ delivered_at: DUE.toISOString() }]);
  });

  it('"Send me one now" is a copy with its own Message-ID, to the requester only', async () => {
    const id = await weeklyOf(r.ws.viewer.userId);
    const viewer = client(t.app, r.ws.viewer.token);
    const sent = await viewer.post(`/portal/api/reports/${id}/send`);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ to: r.ws.viewer.email });
    const admin = await client(t.app, r.ws.admin.token).post(`/portal/api/reports/${id}/send`);
    expect(admin.statusCode).toBe(403);
    await drain(new Date());
    expect(smtp.state.received).toHaveLength(1);
    expect(smtp.state.received[0]?.recipients).toEqual([r.ws.viewer.email]);
    expect(smtp.state.received[0]?.messageId).toMatch(
      new RegExp(`^<report-${r.ws.workspaceId}-${id}-\\d{4}-\\d{2}-\\d{2}-copy-\\d+@`),
    );
  });

  it('is not sent once its recipient is removed from the workspace', async () => {
    await weeklyOf(r.ws.viewer.userId);
    expect(await queue()).toMatchObject({ queued: 1 });
    await t.db.query(`delete from users where workspace_id = $1 and user_id = $2`, [
      r.ws.workspaceId,
      r.ws.viewer.userId,
    ]);
    expect(await drain()).toMatchObject({ delivered: 0 });
    expect(smtp.state.received).toEqual([]);
    // Back for the tests after this one.
    r = await reportsWithMail(t);
  });
});

describe('the unsubscribe link', () => {
  async function linkOf(userId: number): Promise<string> {
    await weeklyOf(userId);
    await queue();
    await drain();
    const raw = smtp.state.received.at(-1)?.raw ?? '';
    const url = /^<(.*)>$/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1];
    if (!url) throw new Error('no List-Unsubscribe');
    return new URL(url).pathname;
  }

  const remaining = async () =>
    (
      await t.db.query(`select 1 from report_subscriptions where workspace_id = $1`, [
        r.ws.workspaceId,
      ])
    ).length;

  it('shows a page on GET and changes nothing; a one-click POST ends the report', async () => {
    const path = await linkOf(r.ws.admin.userId);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Unsubscribe from this report?</h1>');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await remaining()).toBe(1);

    // No session, no cookie: only the signed link.
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toContain('<h1>You are unsubscribed</h1>');
    expect(posted.headers.location).toBeUndefined();
    expect(await remaining()).toBe(0);

    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<h1>This report has already ended</h1>');
  });

  it('takes the multipart/form-data POST mail providers send, whatever the feature flags', async () => {
    const path = await linkOf(r.ws.manager.userId);
    await setFeature(t.db, r.ws.workspaceId, 'reports', false, false);
    const boundary = '----mailpulse42';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n` +
      `One-Click\r\n--${boundary}--\r\n`;
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    await setFeature(t.db, r.ws.workspaceId, 'reports', true, false);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await remaining()).toBe(0);
  });

  it('refuses a changed link, another subscription, and anything but the one-click POST', async () => {
    const path = await linkOf(r.ws.viewer.userId);
    const other = await weeklyOf(r.ws.admin.userId);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tries = [
      {
        method: 'POST',
        url: `${path.slice(0, -2)}xx`,
        headers: form,
        payload: 'List-Unsubscribe=One-Click',
      },
      {
        method: 'POST',
        url: path.replace(/\.(\d+)\.([\w-]+)$/, `.${other}.$2`),
        headers: form,
        payload: 'List-Unsubscribe=One-Click',
      },
      { method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=Maybe' },
      { method: 'POST', url: path, headers: form, payload: '' },
      { method: 'POST', url: path, headers: { 'content-type': 'text/plain' }, payload: 'x' },
      { method: 'DELETE', url: path },
      { method: 'PUT', url: path, headers: form, payload: 'List-Unsubscribe=One-Click' },
    ] as const;
    for (const request of tries) {
      const reply = await t.app.inject(request);
      expect(
        reply.statusCode,
        `${request.method} ${request.url}: ${reply.body}`,
      ).toBeGreaterThanOrEqual(400);
    }
    const forged = await t.app.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('<h1>This unsubscribe link is not valid</h1>');
    expect(await remaining()).toBe(2);
  });
});
