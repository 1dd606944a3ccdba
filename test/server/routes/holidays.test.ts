import { describe, expect, it } from 'vitest';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';

const HOLIDAYS = '/portal/api/settings/holidays/';
const IMPORT = '/portal/api/settings/holidays/import';
const preview = (query: string) => `/portal/api/settings/holidays/preview?${query}`;
const mailboxUrl = (email: string) =>
  `/portal/api/settings/business-hours/${encodeURIComponent(email)}`;
const monday = [{ weekday: 'Mon', start_time: '09:00:00', end_time: '17:00:00' }];

const t = setUpTestApp('holidays');
const { admin } = t;

/** Everything stored about a workspace's holidays, to prove a refused write changed nothing. */
async function stored(workspaceId: number) {
  return {
    holidays: await t.db.query<{ first_date: string }>(
      `select first_date::text, last_date::text, name, source from company_holidays
        where workspace_id = $1 order by first_date`,
      [workspaceId],
    ),
    calendars: await t.db.query(
      `select mailbox_id, follows, country, region from mailbox_holiday_calendars
        where workspace_id = $1 order by mailbox_id`,
      [workspaceId],
    ),
  };
}

const add = (ws: TestWorkspace, body: unknown) => admin(ws).post(HOLIDAYS, body);

describe('company holidays', () => {
  it('are added by hand, listed by date, and removed by their first date', async () => {
    const ws = await t.workspace();
    expect((await admin(ws).get(HOLIDAYS)).json()).toEqual({ holidays: [] });
    await add(ws, { date: '2026-12-24', last_date: '2027-01-01', name: ' Christmas closure ' });
    const res = await add(ws, { date: '2026-08-15', name: 'Assumption' });
    expect(res.statusCode).toBe(200);
    const both = [
      { date: '2026-08-15', last_date: '2026-08-15', name: 'Assumption', source: 'manual' },
      { date: '2026-12-24', last_date: '2027-01-01', name: 'Christmas closure', source: 'manual' },
    ];
    expect(res.json()).toEqual({ holidays: both });
    expect((await admin(ws).get(HOLIDAYS)).json()).toEqual({ holidays: both });
    expect((await admin(ws).delete(`${HOLIDAYS}2026-12-24`)).statusCode).toBe(204);
    expect((await admin(ws).delete(`${HOLIDAYS}2026-12-24`)).statusCode).toBe(404);
    expect((await admin(ws).get(HOLIDAYS)).json()).toEqual({ holidays: [both[0]] });
  });

  const badBodies: [string, unknown, RegExp][] = [
    ['a date that does not exist', { date: '2026-02-30', name: 'Nope' }, /date/],
    [
      'a range ending before it starts',
      { date: '2026-05-04', last_date: '2026-05-01', name: 'Backwards' },
      /last_date: the range ends on 2026-05-01, before it starts on 2026-05-04/,
    ],
    ['no name', { date: '2026-05-04', name: '   ' }, /name/],
    ['a date already taken', { date: '2026-01-06', name: 'Again' }, /Epiphany already starts/],
    ['a stray field', { date: '2026-05-04', name: 'X', country: 'ES' }, /country/],
  ];

  it.each(badBodies)('refuse %s: 400, nothing stored', async (_label, body, message) => {
    const ws = await t.workspace();
    await add(ws, { date: '2026-01-06', name: 'Epiphany' });
    const before = await stored(ws.workspaceId);
    const res = await add(ws, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });
});

describe('importing a country', () => {
  it('previews the holidays with the ones already there, then adds the ticked ones', async () => {
    const ws = await t.workspace();
    await add(ws, { date: '2026-12-25', name: 'Our Christmas' });
    const res = await admin(ws).get(preview('country=ES&region=MD&from_year=2026&to_year=2026'));
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ holidays: { date: string; name: string; existing: string | null }[] }>()
      .holidays;
    expect(rows.find((row) => row.date === '2026-05-02')).toMatchObject({ suggested: true });
    expect(rows.find((row) => row.date === '2026-12-25')).toMatchObject({
      existing: 'Our Christmas',
    });
    expect(await stored(ws.workspaceId)).toMatchObject({ holidays: [{ name: 'Our Christmas' }] });

    const imported = await admin(ws).post(IMPORT, {
      country: 'ES',
      region: 'MD',
      from_year: 2026,
      to_year: 2026,
      dates: ['2026-01-01', '2026-05-02', '2026-12-25'],
    });
    expect(imported.statusCode).toBe(200);
    // Christmas keeps the company's own holiday.
    expect(imported.json()).toMatchObject({ added: 2 });
    expect((await stored(ws.workspaceId)).holidays).toEqual([
      {
        first_date: '2026-01-01',
        last_date: '2026-01-01',
        name: "New Year's Day",
        source: 'ES-MD',
      },
      {
        first_date: '2026-05-02',
        last_date: '2026-05-02',
        name: expect.stringMatching(/Madrid/) as unknown,
        source: 'ES-MD',
      },
      {
        first_date: '2026-12-25',
        last_date: '2026-12-25',
        name: 'Our Christmas',
        source: 'manual',
      },
    ]);
  });

  it('adds the suggested holidays when no dates are given', async () => {
    const ws = await t.workspace();
    const res = await admin(ws).post(IMPORT, { country: 'DE', from_year: 2026, to_year: 2027 });
    // Germany's nine nationwide public holidays a year; Christmas Eve (a bank holiday from
    // 14:00) is not suggested.
    expect(res.json()).toMatchObject({ added: 18 });
    const dates = (await stored(ws.workspaceId)).holidays.map((h) => h.first_date);
    expect(dates).toContain('2027-10-03');
    expect(dates).not.toContain('2026-12-24');
  });

  const badImports: [string, unknown, RegExp][] = [
    ['an unknown country', { country: 'XX', from_year: 2026, to_year: 2026 }, /country: XX/],
    [
      'an unknown region',
      { country: 'ES', region: 'ZZ', from_year: 2026, to_year: 2026 },
      /region: ZZ is not a region of Spain/,
    ],
    ['years backwards', { country: 'ES', from_year: 2027, to_year: 2026 }, /to_year/],
    ['eleven years', { country: 'ES', from_year: 2020, to_year: 2030 }, /at most 10 years/],
    ['a lower-case code', { country: 'es', from_year: 2026, to_year: 2026 }, /country/],
    [
      'a date that is no holiday',
      { country: 'ES', from_year: 2026, to_year: 2026, dates: ['2026-03-03'] },
      /dates: 2026-03-03 is not a holiday of ES/,
    ],
  ];

  it.each(badImports)('refuses %s: 400, nothing stored', async (_label, body, message) => {
    const ws = await t.workspace();
    const res = await admin(ws).post(IMPORT, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await stored(ws.workspaceId)).toEqual({ holidays: [], calendars: [] });
    const query = new URLSearchParams(
      Object.entries(body as Record<string, unknown>)
        .filter(([key]) => key !== 'dates')
        .map(([key, value]) => [key, String(value)]),
    );
    if (!('dates' in (body as object)))
      expect((await admin(ws).get(preview(query.toString()))).statusCode).toBe(400);
  });

  it('lists countries with their regions', async () => {
    const ws = await t.workspace();
    const res = await admin(ws).get('/portal/api/settings/holiday-countries/');
    const countries = res.json<{ countries: { code: string; regions: { code: string }[] }[] }>()
      .countries;
    expect(countries.length).toBeGreaterThan(150);
    expect(countries.find((c) => c.code === 'ES')?.regions).toContainEqual({
      code: 'MD',
      name: 'Comunidad de Madrid',
    });
  });
});

describe('a mailbox calendar', () => {
  it('is the company holidays by default, a country or none on Custom hours', async () => {
    const ws = await t.workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    const custom = { business_hours: monday, timezone: 'America/New_York' };
    const us = { follows: 'country', country: 'US', region: 'CA' };
    expect((await admin(ws).post(url, { ...custom, holidays: us })).json()).toMatchObject({
      bhs_status: 'Custom',
      holidays: us,
    });
    expect((await admin(ws).get(url)).json()).toMatchObject({ holidays: us });
    const none = { follows: 'none', country: null, region: null };
    expect((await admin(ws).post(url, { ...custom, holidays: none })).json()).toMatchObject({
      holidays: none,
    });
    // Back to Company mode: the company holidays again, and no choice kept.
    await admin(ws).delete(url);
    expect((await admin(ws).get(url)).json()).toMatchObject({
      bhs_status: 'Company',
      holidays: { follows: 'company', country: null, region: null },
    });
    expect((await stored(ws.workspaceId)).calendars).toEqual([]);
  });

  const badChoices: [string, unknown, RegExp][] = [
    ['a country without its code', { follows: 'country' }, /holidays\/country/],
    ['an unknown country', { follows: 'country', country: 'QQ' }, /holidays\/country: QQ/],
    ['a country with none', { follows: 'none', country: 'ES' }, /follows "country"/],
    ['an unknown choice', { follows: 'moon' }, /follows/],
  ];

  it.each(badChoices)('refuses %s: 400, nothing stored', async (_label, holidays, message) => {
    const ws = await t.workspace();
    const url = mailboxUrl(`viewer@${ws.domain}`);
    await admin(ws).post(url, {
      business_hours: monday,
      timezone: 'Europe/Paris',
      holidays: { follows: 'none' },
    });
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(url, {
      business_hours: monday,
      timezone: 'Asia/Tokyo',
      holidays,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });
});

describe('access', () => {
  it('is for admins, and read-only business hours refuse every change', async () => {
    const ws = await t.workspace();
    for (const session of [ws.manager, ws.viewer]) {
      const c = client(t.app, session.token);
      expect((await c.get(HOLIDAYS)).statusCode).toBe(403);
      expect((await c.post(HOLIDAYS, { date: '2026-05-04', name: 'X' })).statusCode).toBe(403);
    }
    await add(ws, { date: '2026-01-06', name: 'Epiphany' });
    await setFeature(t.db, ws.workspaceId, 'business_hours', true, true);
    expect((await admin(ws).get(HOLIDAYS)).statusCode).toBe(200);
    const writes = [
      await add(ws, { date: '2026-05-04', name: 'X' }),
      await admin(ws).delete(`${HOLIDAYS}2026-01-06`),
      await admin(ws).post(IMPORT, { country: 'ES', from_year: 2026, to_year: 2026 }),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect((await stored(ws.workspaceId)).holidays).toHaveLength(1);
    await setFeature(t.db, ws.workspaceId, 'business_hours', false, false);
    expect((await admin(ws).get(HOLIDAYS)).statusCode).toBe(403);
  });
});
