import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { insertSubscription, type ReportFields } from '../../../server/repos/reports';
import { startRunner, type Clock, type Runner } from '../../../server/workers/runner';
import { reportScheduleTask } from '../../../server/workers/start';
import { formatDuration } from '../../../common/durations';
import { client, createTestWorkspace } from '../support/app';
import { REPORT_DUE, reportsWithMail, textPart, type ReportsWorkspace } from '../support/reports';
import { startSmtp, type ReceivedMail } from '../support/smtp';
import type { TestSuite } from '../support/suite';
import { createTestDb } from '../support/test-db';

// The whole way, as a server runs it: the app with its outbox forwarder, the report scheduler as
// a worker task on a fake clock, a real SMTP server on loopback. An admin, a manager and a viewer
// each get their weekly report once, with the numbers the statistics API gives that person, and
// its unsubscribe link ends the report with a POST and with nothing else.

const PUBLIC_URL = 'https://mailpulse.example';

/** The fake clock: `now` is set by the test; a worker's wait ends when the test says `tick`. */
function manualClock() {
  let now = new Date(REPORT_DUE);
  let wake: (() => void) | null = null;
  const clock: Clock = {
    now: () => now,
    sleep: (_ms, signal) =>
      new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      }),
  };
  return {
    clock,
    set: (at: string) => (now = new Date(at)),
    tick: () => wake?.(),
  };
}

let db: Db;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let runner: Runner;
let r: ReportsWorkspace;
const time = manualClock();
const ran: number[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  db = await createTestDb();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    CLIENT_DIR: '.tmp/no-client',
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Mailpulse <reports@mailpulse.example>',
  });
  app = await buildApp({ config, db, logger: false, now: () => time.clock.now() });
  const suite: TestSuite = {
    app,
    db,
    workspace: () => createTestWorkspace(db, { domain: 'e2e.example' }),
    admin: (ws) => client(app, ws.admin.token),
  };
  r = await reportsWithMail(suite);
  const weekly: ReportFields = {
    frequency: 'weekly',
    narrowedBy: 'none',
    mailboxIds: [],
    teamIds: [],
  };
  for (const user of [r.ws.admin, r.ws.manager, r.ws.viewer]) {
    await db.transaction((tx) =>
      insertSubscription(
        tx,
        r.ws.workspaceId,
        user.userId,
        weekly,
        new Date('2026-11-18T12:00:00Z'),
      ),
    );
  }
  const task = reportScheduleTask(db, config, 'e2e', { error: () => undefined }, () =>
    time.clock.now(),
  );
  runner = startRunner(
    [{ ...task, run: async (signal) => (await task.run(signal), void ran.push(ran.length)) }],
    { clock: time.clock },
  );
});

afterAll(async () => {
  await runner.stop();
  await app.close();
  await smtp.close();
});

const byRecipient = (email: string): ReceivedMail[] =>
  smtp.state.received.filter((mail) => mail.recipients.includes(email));

interface Summary {
  received: number;
  sent: number;
  unreplied: number;
  awaiting: number;
  response_time: { business: { median: number | null; p90: number | null } };
  first_response_time: { business: { median: number | null } };
  within_target: { share: number | null };
}

async function statsOf<T>(token: string, path: string, query: Record<string, string>) {
  const reply = await client(app, token).get(
    `/portal/api/stats/${path}?${new URLSearchParams(query).toString()}`,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<T>();
}

/** The tile lines the text part must hold, written from the API's summary. */
function tileLines(s: Summary): string[] {
  const count = (n: number) => n.toLocaleString('en-US');
  const duration = (seconds: number | null) =>
    seconds === null ? 'No data' : formatDuration(seconds);
  const share = s.within_target.share;
  return [
    `Received: ${count(s.received)}`,
    `Sent: ${count(s.sent)}`,
    `Unreplied: ${count(s.unreplied)}`,
    `Awaiting reply: ${count(s.awaiting)}`,
    `Median response time: ${duration(s.response_time.business.median)}`,
    `90th percentile response time: ${duration(s.response_time.business.p90)}`,
    `First response time: ${duration(s.first_response_time.business.median)}`,
    `Within target: ${share === null ? 'No data' : `${Math.round(share * 100)}%`}`,
  ];
}

describe('weekly reports, end to end', () => {
  it('reach each recipient once at 08:00, with the numbers the API gives that person', async () => {
    await vi.waitFor(() => expect(smtp.state.received).toHaveLength(3), { timeout: 30_000 });
    // Later polls of the same week queue nothing more.
    for (const at of ['2026-11-23T07:05:00Z', '2026-11-23T12:00:00Z', '2026-11-29T22:00:00Z']) {
      const before = ran.length;
      time.set(at);
      time.tick();
      await vi.waitFor(() => expect(ran.length).toBeGreaterThan(before), { timeout: 30_000 });
    }
    expect(smtp.state.received).toHaveLength(3);

    const query = { from: '2026-11-16', to: '2026-11-22' };
    for (const user of [r.ws.admin, r.ws.manager, r.ws.viewer]) {
      const [mail] = byRecipient(user.email);
      expect(byRecipient(user.email), user.email).toHaveLength(1);
      const text = textPart(mail?.raw ?? '');
      expect(text).toContain('Your weekly email report, Nov 16 – 22, 2026');
      const summary = await statsOf<Summary>(user.token, 'summary', query);
      expect(summary.received, user.email).toBeGreaterThan(0);
      for (const line of tileLines(summary)) expect(text, user.email).toContain(line);
      const breakdown = await statsOf<{ rows: { key: string; received: number }[] }>(
        user.token,
        'breakdown',
        { ...query, by: 'mailbox' },
      );
      const rows = [...text.matchAll(/^- (\S+@\S+): ([\d,]+) received/gm)].map((m) => [m[1], m[2]]);
      expect(rows, user.email).toEqual(
        [...breakdown.rows]
          .sort((a, b) => b.received - a.received || a.key.localeCompare(b.key))
          .map((row) => [row.key, row.received.toLocaleString('en-US')]),
      );
      const waiting = await statsOf<{ unreplied: { from: string; subject: string }[] }>(
        user.token,
        'unreplied',
        { ...query, order: 'longest', page_size: '5' },
      );
      for (const item of waiting.unreplied) {
        expect(text).toContain(`${item.from} to `);
        expect(text).toContain(`"${item.subject}"`);
      }
    }
    // A viewer's report holds only her mailbox, a manager's only what is granted.
    expect(textPart(byRecipient(r.ws.viewer.email)[0]?.raw ?? '')).not.toContain(r.sales.email);
    const manager = textPart(byRecipient(r.ws.manager.email)[0]?.raw ?? '');
    expect(manager).toContain(r.sales.email);
    expect(manager).not.toContain(r.billing.email);
  });

  it('ends with a POST to its unsubscribe link, and with nothing else', async () => {
    const mail = byRecipient(r.ws.viewer.email)[0];
    const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(
      mail?.raw.replace(/\r?\n[ \t]+/g, ' ') ?? '',
    )?.[1];
    if (!link) throw new Error('no List-Unsubscribe header');
    const path = new URL(link).pathname;
    expect(textPart(mail?.raw ?? '')).toContain(`Unsubscribe from this report: ${link}`);
    const count = async () =>
      (
        await db.query(`select 1 from report_subscriptions where user_id = $1`, [
          r.ws.viewer.userId,
        ])
      ).length;
    for (const method of ['GET', 'HEAD', 'DELETE', 'PATCH'] as const) {
      await app.inject({ method, url: path });
      expect(await count(), method).toBe(1);
    }
    const posted = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(await count()).toBe(0);

    // The next Monday: the two others get theirs, the viewer nothing.
    const before = ran.length;
    time.set('2026-11-30T07:00:10Z');
    time.tick();
    await vi.waitFor(() => expect(ran.length).toBeGreaterThan(before), { timeout: 30_000 });
    await vi.waitFor(() => expect(smtp.state.received).toHaveLength(5), { timeout: 30_000 });
    expect(byRecipient(r.ws.viewer.email)).toHaveLength(1);
  });
});
