import { describe, expect, it } from 'vitest';
import { client, setFeature } from '../support/app';
import { businessHoursRows, COMPANY, day, mailboxUrl } from '../support/business-hours';
import { setUpTestApp } from '../support/suite';

// A mailbox's own business hours, and who may call the business hours paths; the company's hours
// are in business-hours-company.test.ts.

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WHOLE_WEEK = WEEKDAYS.map((d) => day(d, '00:00:00', '23:59:59'));
const COMPANY_HOLIDAYS = { follows: 'company', country: null, region: null };

const t = setUpTestApp('mhours');
const { workspace, admin, stored } = businessHoursRows(t);

describe('mailbox hours', () => {
  it('follow the company hours until the mailbox has its own', async () => {
    const ws = await workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    expect((await admin(ws).get(url)).json()).toEqual({
      bhs_status: 'Company',
      business_hours: [],
      timezone: 'UTC',
      holidays: COMPANY_HOLIDAYS,
    });
    await admin(ws).post(COMPANY, { business_hours: [day('Tue')], timezone: 'Europe/Berlin' });
    expect((await admin(ws).get(url)).json()).toEqual({
      bhs_status: 'Company',
      business_hours: [day('Tue')],
      timezone: 'Europe/Berlin',
      holidays: COMPANY_HOLIDAYS,
    });
  });

  it('store Custom hours and their timezone, found by the address in any case', async () => {
    const ws = await workspace();
    const body = { business_hours: [day('Thu'), day('Mon')], timezone: 'America/New_York' };
    const res = await admin(ws).post(mailboxUrl(`Viewer@${ws.domain.toUpperCase()}`), body);
    expect(res.statusCode).toBe(200);
    const expected = {
      bhs_status: 'Custom',
      business_hours: [day('Mon'), day('Thu')],
      timezone: 'America/New_York',
      holidays: COMPANY_HOLIDAYS,
    };
    expect(res.json()).toEqual(expected);
    expect((await admin(ws).get(mailboxUrl(`viewer@${ws.domain}`))).json()).toEqual(expected);
    const rows = await stored(ws.workspaceId);
    expect(rows.mailboxDays).toHaveLength(2);
    expect(rows.timezones).toEqual([
      { email: `viewer@${ws.domain}`, bhs_timezone: 'America/New_York' },
    ]);
  });

  it('are Ignore when every day runs 00:00:00–23:59:59, and Custom when a day is missing', async () => {
    const ws = await workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    const ignored = await admin(ws).post(url, {
      business_hours: WHOLE_WEEK,
      timezone: 'Europe/Madrid',
    });
    expect(ignored.json()).toEqual({
      bhs_status: 'Ignore',
      business_hours: WHOLE_WEEK,
      timezone: 'Europe/Madrid',
      holidays: { follows: 'none', country: null, region: null },
    });
    const sixDays = await admin(ws).post(url, {
      business_hours: WHOLE_WEEK.slice(1),
      timezone: 'Europe/Madrid',
    });
    expect(sixDays.json<{ bhs_status: string }>().bhs_status).toBe('Custom');
  });

  it('go back to the company hours when deleted', async () => {
    const ws = await workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    await admin(ws).post(url, { business_hours: [day('Mon')], timezone: 'Asia/Tokyo' });
    expect((await admin(ws).delete(url)).statusCode).toBe(204);
    expect((await admin(ws).get(url)).json<{ bhs_status: string }>().bhs_status).toBe('Company');
    const rows = await stored(ws.workspaceId);
    expect(rows.mailboxDays).toEqual([]);
    expect(rows.timezones).toEqual([{ email: `viewer@${ws.domain}`, bhs_timezone: null }]);
  });

  const badBodies: [string, unknown, RegExp][] = [
    [
      'an hour 25',
      { business_hours: [day('Mon', '25:00:00', '26:00:00')], timezone: 'Europe/Madrid' },
      /start_time/,
    ],
    [
      'a start after its end',
      { business_hours: [day('Sat', '17:00:00', '08:00:00')], timezone: 'Europe/Madrid' },
      /Sat/,
    ],
    [
      'an unknown timezone',
      { business_hours: [day('Mon')], timezone: 'Mars/Olympus' },
      /Mars\/Olympus/,
    ],
    ['UTC', { business_hours: [day('Mon')], timezone: 'UTC' }, /UTC/],
    ['no day', { business_hours: [], timezone: 'Europe/Madrid' }, /at least one day/],
  ];

  it.each(badBodies)('refuse %s and keep what was stored', async (_label, body, message) => {
    const ws = await workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    await admin(ws).post(url, { business_hours: [day('Mon')], timezone: 'Europe/Paris' });
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('answer 404 for an address that is not a tracked mailbox', async () => {
    const ws = await workspace();
    const url = mailboxUrl(`admin@${ws.domain}`);
    const body = { business_hours: [day('Mon')], timezone: 'Europe/Paris' };
    const replies = [
      await admin(ws).get(url),
      await admin(ws).post(url, body),
      await admin(ws).delete(url),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await admin(ws).get(mailboxUrl('not-an-address'))).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('refuses managers and viewers', async () => {
    const ws = await workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    const body = { business_hours: [day('Mon')], timezone: 'Europe/Paris' };
    for (const session of [ws.manager, ws.viewer]) {
      const c = client(t.app, session.token);
      const replies = [
        await c.get(COMPANY),
        await c.post(COMPANY, body),
        await c.delete(COMPANY),
        await c.get(url),
        await c.post(url, body),
        await c.delete(url),
      ];
      expect(replies.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    const rows = await stored(ws.workspaceId);
    expect([rows.company, rows.mailboxDays]).toEqual([[], []]);
  });

  it('allows only reads when the feature is read-only, and nothing when it is disabled', async () => {
    const ws = await workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    const body = { business_hours: [day('Mon')], timezone: 'Europe/Paris' };
    await admin(ws).post(COMPANY, body);
    await admin(ws).post(url, body);
    const before = await stored(ws.workspaceId);
    await setFeature(t.db, ws.workspaceId, 'business_hours', true, true);
    expect((await admin(ws).get(COMPANY)).statusCode).toBe(200);
    expect((await admin(ws).get(url)).statusCode).toBe(200);
    const writes = [
      await admin(ws).post(COMPANY, body),
      await admin(ws).delete(COMPANY),
      await admin(ws).post(url, body),
      await admin(ws).delete(url),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    await setFeature(t.db, ws.workspaceId, 'business_hours', false, false);
    expect((await admin(ws).get(COMPANY)).statusCode).toBe(403);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it("never reads or changes another workspace's hours", async () => {
    const a = await workspace();
    const b = await workspace();
    const aMailbox = mailboxUrl(`viewer@${a.domain}`);
    await admin(a).post(COMPANY, { business_hours: [day('Mon')], timezone: 'Europe/Paris' });
    await admin(a).post(aMailbox, { business_hours: [day('Tue')], timezone: 'Europe/Rome' });
    const before = await stored(a.workspaceId);

    expect((await admin(b).get(COMPANY)).json()).toEqual({ business_hours: [], timezone: 'UTC' });
    const body = { business_hours: [day('Wed')], timezone: 'Asia/Tokyo' };
    const replies = [
      await admin(b).get(aMailbox),
      await admin(b).post(aMailbox, body),
      await admin(b).delete(aMailbox),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    await admin(b).post(COMPANY, body);
    await admin(b).delete(COMPANY);

    expect(await stored(a.workspaceId)).toEqual(before);
    expect((await admin(a).get(COMPANY)).json()).toEqual({
      business_hours: [day('Mon')],
      timezone: 'Europe/Paris',
    });
  });
});
