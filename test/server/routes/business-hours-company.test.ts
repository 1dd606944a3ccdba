import { describe, expect, it } from 'vitest';
import { businessHoursRows, COMPANY, day } from '../support/business-hours';
import { setUpTestApp } from '../support/suite';

// The company's business hours; a mailbox's own hours and who may call these paths are in
// business-hours-mailbox-access.test.ts.

const t = setUpTestApp('hours');
const { workspace, admin, stored } = businessHoursRows(t);

describe('company hours', () => {
  it('are empty in UTC until set, then replaced, read Monday first, and cleared', async () => {
    const ws = await workspace();
    expect((await admin(ws).get(COMPANY)).json()).toEqual({ business_hours: [], timezone: 'UTC' });

    const body = {
      business_hours: [day('Fri'), day('Mon', '08:00:00', '16:00:00'), day('Wed')],
      timezone: 'America/New_York',
    };
    const saved = await admin(ws).post(COMPANY, body);
    expect(saved.statusCode).toBe(200);
    const expected = {
      business_hours: [day('Mon', '08:00:00', '16:00:00'), day('Wed'), day('Fri')],
      timezone: 'America/New_York',
    };
    expect(saved.json()).toEqual(expected);
    expect((await admin(ws).get(COMPANY)).json()).toEqual(expected);

    const replaced = await admin(ws).post(COMPANY, {
      business_hours: [day('Sun')],
      timezone: 'UTC',
    });
    expect(replaced.json()).toEqual({ business_hours: [day('Sun')], timezone: 'UTC' });
    expect((await stored(ws.workspaceId)).companyDays).toHaveLength(1);

    expect((await admin(ws).delete(COMPANY)).statusCode).toBe(204);
    expect((await admin(ws).get(COMPANY)).json()).toEqual({ business_hours: [], timezone: 'UTC' });
    const after = await stored(ws.workspaceId);
    expect([after.company, after.companyDays]).toEqual([[], []]);
  });

  const badBodies: [string, unknown, RegExp][] = [
    [
      'an hour 25',
      { business_hours: [day('Mon', '09:00:00', '25:00:00')], timezone: 'UTC' },
      /end_time/,
    ],
    [
      'a start after its end',
      { business_hours: [day('Tue', '18:00:00', '09:00:00')], timezone: 'UTC' },
      /Tue/,
    ],
    [
      'a start equal to its end',
      { business_hours: [day('Thu', '09:00:00', '09:00:00')], timezone: 'UTC' },
      /Thu/,
    ],
    [
      'a repeated weekday',
      { business_hours: [day('Mon'), day('Mon', '10:00:00')], timezone: 'UTC' },
      /Mon is listed more than once/,
    ],
    [
      'an unknown timezone',
      { business_hours: [day('Mon')], timezone: 'Mars/Olympus' },
      /Mars\/Olympus/,
    ],
    [
      'a timezone with spaces',
      { business_hours: [day('Mon')], timezone: 'America/New York' },
      /America\/New York/,
    ],
    [
      'a timezone in the wrong case',
      { business_hours: [day('Mon')], timezone: 'america/new_york' },
      /america\/new_york/,
    ],
    ['a bad weekday', { business_hours: [day('Monday')], timezone: 'UTC' }, /weekday/],
  ];

  it.each(badBodies)('refuse %s and keep what was stored', async (_label, body, message) => {
    const ws = await workspace();
    await admin(ws).post(COMPANY, { business_hours: [day('Mon')], timezone: 'Europe/Madrid' });
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(COMPANY, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('accept current IANA names that older ICU data spells differently', async () => {
    const ws = await workspace();
    for (const timezone of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Calcutta']) {
      const res = await admin(ws).post(COMPANY, { business_hours: [day('Mon')], timezone });
      expect(res.statusCode, timezone).toBe(200);
      expect(res.json<{ timezone: string }>().timezone).toBe(timezone);
    }
  });
});
