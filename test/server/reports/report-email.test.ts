import { beforeAll, describe, expect, it } from 'vitest';
import { findRecord } from '../../../server/repos/reports';
import { EMAIL_TOKENS } from '../../../server/reports/email-tokens';
import { periodsOfSendDate, reportFigures } from '../../../server/reports/figures';
import { renderReport } from '../../../server/reports/render';
import { formatDuration } from '../../../common/durations';
import { client } from '../support/app';
import { appTokens } from '../support/app-tokens';
import { REPORT_DAY, reportsWithMail, subscribe, type ReportsWorkspace } from '../support/reports';
import { setUpTestApp } from '../support/suite';

// A report's figures are the statistics API's, for its recipient: compared here call by call for
// an admin, a manager and a viewer, narrowed and not; and the email that carries them is plain
// tables and inline styles with no link but the portal's.

const t = setUpTestApp('remail');
const PUBLIC_URL = 'https://mailpulse.example';
let r: ReportsWorkspace;

beforeAll(async () => {
  r = await reportsWithMail(t);
});

async function recordOf(token: string, body: Record<string, unknown>) {
  const id = await subscribe(t, token, body);
  const record = await findRecord(t.db, r.ws.workspaceId, id);
  if (!record) throw new Error('no subscription');
  return record;
}

async function api<T>(token: string, path: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const reply = await client(t.app, token).get(`/portal/api/stats/${path}?${search.toString()}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<T>();
}

interface Waiting {
  unreplied: { waiting: { business: number; calendar: number } }[];
}

describe('the figures of a report', () => {
  const cases = [
    ['an admin, all mailboxes', () => r.ws.admin.token, { frequency: 'weekly' }],
    [
      'an admin, two mailboxes',
      () => r.ws.admin.token,
      () => ({
        frequency: 'weekly',
        mailboxes: [r.sales.email, r.billing.email],
      }),
    ],
    ['a manager, what is granted', () => r.ws.manager.token, { frequency: 'weekly' }],
    [
      'a manager, by team',
      () => r.ws.manager.token,
      () => ({
        frequency: 'weekly',
        teams: [r.teams.sales],
      }),
    ],
    ['a viewer, her own mailbox', () => r.ws.viewer.token, { frequency: 'weekly' }],
  ] as const;

  it.each(cases)('equal the statistics API for %s', async (_name, token, input) => {
    const body = typeof input === 'function' ? input() : input;
    const record = await recordOf(token(), body);
    const periods = await periodsOfSendDate(t.db, record.frequency, REPORT_DAY);
    const figures = await reportFigures(t.db, record, periods, new Date());
    if (!figures) throw new Error('no figures');
    // The API's own default target, so the query leaves it out as the dashboard does.
    const query = Object.fromEntries(
      Object.entries(figures.query).filter(([key]) => key !== 'target'),
    );
    expect(figures.period).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(figures.previous).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(figures.summary.received).toBeGreaterThan(0);
    expect(figures.summary).toEqual(await api(token(), 'summary', query));
    expect(figures.previousSummary).toEqual(
      await api(token(), 'summary', { ...query, ...figures.previous }),
    );
    expect(figures.breakdown).toEqual(
      await api(token(), 'breakdown', { ...query, by: figures.breakdown.by }),
    );
    const waiting = await api<Waiting>(token(), 'unreplied', {
      ...query,
      order: 'longest',
      page_size: 5,
    });
    const withoutTimes = (page: Waiting) => ({
      ...page,
      unreplied: page.unreplied.map(({ waiting: _w, ...item }) => item),
    });
    expect(withoutTimes(figures.waiting)).toEqual(withoutTimes(waiting));
    // Waited until "now", which the API read a moment later and counts from the start of its
    // second (its replies are cached per second).
    figures.waiting.unreplied.forEach((item, index) => {
      const later = waiting.unreplied[index]?.waiting.calendar ?? 0;
      expect(later - item.waiting.calendar).toBeGreaterThan(-1);
      expect(later - item.waiting.calendar).toBeLessThan(30);
    });
  });

  it("are only the viewer's own mailbox, and a manager's only what is granted", async () => {
    const viewer = await recordOf(r.ws.viewer.token, { frequency: 'monthly' });
    const manager = await recordOf(r.ws.manager.token, { frequency: 'monthly' });
    const periods = await periodsOfSendDate(t.db, 'weekly', REPORT_DAY);
    const keys = async (record: typeof viewer) =>
      (await reportFigures(t.db, record, periods, new Date()))?.breakdown.rows.map((x) => x.key);
    expect(await keys(viewer)).toEqual([r.ws.viewer.email]);
    expect(await keys(manager)).toEqual([r.sales.email]);
  });
});

/** Every URL the HTML names: links, sources, CSS url()s and bare http(s) addresses. */
function urlsOf(html: string): string[] {
  const withoutDoctype = html.replace(/^<!DOCTYPE[^>]*>/i, '');
  return [
    ...withoutDoctype.matchAll(/(?:href|src|action|background)\s*=\s*"([^"]*)"/gi),
    ...withoutDoctype.matchAll(/url\(([^)]*)\)/gi),
    ...withoutDoctype.matchAll(/\b(https?:\/\/[^\s"'<>)]+)/gi),
  ].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
}

describe('the email', () => {
  it('is tables and inline styles, with no script, image or address but the portal', async () => {
    const record = await recordOf(r.ws.admin.token, {
      frequency: 'weekly',
      teams: [r.teams.sales],
    });
    const periods = await periodsOfSendDate(t.db, record.frequency, REPORT_DAY);
    const rendered = await renderReport(t.db, record, periods, {
      publicUrl: PUBLIC_URL,
      now: new Date(),
      onDemand: false,
    });
    if (!rendered) throw new Error('nothing rendered');
    const { html, text, subject } = rendered.payload;
    expect(subject).toBe('Your weekly email report: Nov 16 – 22, 2026');
    expect(html).not.toMatch(/<script|<img|<link|<style|<iframe|<form|javascript:/i);
    const urls = urlsOf(html);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
    expect(html).toContain(
      `${PUBLIC_URL}/dashboard?from=2026-11-16&amp;to=2026-11-22&amp;teams=${r.teams.sales}&amp;by=team`,
    );
    expect(html).toContain(rendered.payload.unsubscribe_url);
    // The bars are table cells coloured with the brand colour.
    expect(html).toMatch(/<td[^>]*width="\d+%"[^>]*style="[^"]*background-color:#2563eb/);

    const { summary } = rendered.figures;
    expect(text).toContain(`Received: ${summary.received.toLocaleString('en-US')}`);
    const median = summary.response_time.business.median;
    expect(text).toContain(
      `Median response time: ${median === null ? 'No data' : formatDuration(median)}`,
    );
    expect(text).toContain(`Unsubscribe from this report: ${rendered.payload.unsubscribe_url}`);
    expect(text).toContain('Teams: Sales');
  });

  it("uses the app's colour and type tokens, under their names", () => {
    const tokens = appTokens();
    for (const [name, value] of Object.entries(EMAIL_TOKENS)) {
      expect(tokens.get(name), name).toBe(value);
    }
  });
});
