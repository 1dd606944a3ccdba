import { describe, expect, it } from 'vitest';
import { describedOperation } from '../../../server/audit/operations';
import { startRecording } from '../../../server/audit/recorder';
import type { AuditInput } from '../../../server/audit/description';
import type { Schemas } from '../../../server/contract/types';
import { auditRows, describedRead, expectEntryAsRead, type AuditedStep } from '../support/audit';
import { filteringInput } from '../support/settings-sweep';
import { setUpTestApp } from '../support/suite';

// A write that reports its target from its own statements (the company hours: the rows its
// delete and insert return; the metric adjustments: their upsert's row before and after) records
// what a read before and after it would have seen.

const t = setUpTestApp('audit-reported');

const HOURS = '/portal/api/settings/company-business-hours/';
const monday = (end: string) => ({
  weekday: 'Mon' as const,
  start_time: '09:00:00',
  end_time: end,
});
const tuesday = { weekday: 'Tue' as const, start_time: '08:30:00', end_time: '16:00:00' };

const TOKYO: Schemas['BusinessHours'] = {
  timezone: 'Asia/Tokyo',
  business_hours: [tuesday, monday('12:00:00')],
};

/** What the route gives the recorder for a save of TOKYO by no one in particular. */
const inputOf = (workspaceId: number): AuditInput<'setCompanyBusinessHours'> => ({
  workspaceId,
  body: TOKYO,
  query: undefined,
  params: undefined,
  userId: null,
  email: null,
  tokenHash: null,
});

const entries = async (workspaceId: number) =>
  (await auditRows(t.db, workspaceId)).map((row) => [row.operation, row.before, row.after]);

describe('company hours, reported by their own write', () => {
  it('are recorded set, changed, changed again and cleared, with only what changed', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const first = { timezone: 'UTC', business_hours: [monday('17:00:00')] };
    const moved = { timezone: 'Europe/Madrid', business_hours: [monday('18:00:00'), tuesday] };
    const longer = { timezone: 'Europe/Madrid', business_hours: [monday('19:00:00'), tuesday] };
    for (const hours of [first, moved, longer]) {
      const reply = await admin.post(HOURS, hours);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual(hours);
    }
    expect((await admin.delete(HOURS)).statusCode).toBe(204);
    expect((await admin.delete(HOURS)).statusCode).toBe(204);
    expect(await entries(ws.workspaceId)).toEqual([
      ['setCompanyBusinessHours', {}, first],
      ['setCompanyBusinessHours', first, moved],
      [
        'setCompanyBusinessHours',
        { business_hours: moved.business_hours },
        { business_hours: longer.business_hours },
      ],
      ['deleteCompanyBusinessHours', longer, {}],
      ['deleteCompanyBusinessHours', {}, {}],
    ]);
  });

  it('report what the description reads after the save', async () => {
    const ws = await t.workspace();
    await t.admin(ws).post(HOURS, TOKYO);
    const readHours = describedRead('setCompanyBusinessHours', inputOf(ws.workspaceId));
    const read = await t.db.transaction((tx) => readHours(tx, null));
    const [entry] = await auditRows(t.db, ws.workspaceId);
    expect(entry?.after).toEqual(read[0]?.fields);
    expect(entry?.after).toEqual({
      timezone: 'Asia/Tokyo',
      business_hours: [monday('12:00:00'), tuesday],
    });
  });

  it('fail the write when the handler does not report, and record nothing', async () => {
    const ws = await t.workspace();
    const operation = 'setCompanyBusinessHours';
    const recording = startRecording(
      t.db,
      operation,
      describedOperation(operation)!,
      inputOf(ws.workspaceId),
      {
        actor: { kind: 'cli', userId: null, name: 'cli:test' },
        client: { address: null, userAgent: null },
      },
    );
    await recording.db.transaction((tx) => tx.query('select 1'));
    await expect(recording.finish()).rejects.toThrow(`${operation} did not report its change`);
    expect(await auditRows(t.db, ws.workspaceId)).toEqual([]);
  });
});

describe('metric adjustments, reported by their own save', () => {
  it('are recorded with only what changed: the internal domains, then a filter', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const FILTERING = '/portal/api/settings/filtering-settings/';
    for (const domains of [['partner.example'], ['partner.example', 'agency.example']]) {
      const reply = await admin.post(FILTERING, filteringInput(domains));
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const refused = await admin.post(FILTERING, filteringInput(['not a domain']));
    expect(refused.statusCode).toBe(400);
    const { filtering_settings: saved } = filteringInput(['partner.example', 'agency.example']);
    const subject = { is: [], contains: ['newsletter'] };
    const newsletters = {
      filtering_settings: { ...saved, excluded_filters: { ...saved.excluded_filters, subject } },
    };
    expect((await admin.post(FILTERING, newsletters)).statusCode).toBe(200);
    const [, , third] = await auditRows(t.db, ws.workspaceId);
    expect(Object.keys(third?.before ?? {})).toEqual(['excluded_filters']);
    expect(third?.before).toHaveProperty('excluded_filters.subject', { is: [], contains: [] });
    expect(third?.after).toHaveProperty('excluded_filters.subject', subject);
    expect((await entries(ws.workspaceId)).slice(0, 2)).toEqual([
      ['setFilteringSettings', { internal_domains: [] }, { internal_domains: ['partner.example'] }],
      [
        'setFilteringSettings',
        { internal_domains: ['partner.example'] },
        { internal_domains: ['partner.example', 'agency.example'] },
      ],
    ]);
  });
});

describe("a mailbox's own hours, reported by their own save and clear", () => {
  const monday = [{ weekday: 'Mon' as const, start_time: '09:00:00', end_time: '17:00:00' }];
  const custom = { business_hours: monday, timezone: 'America/New_York' };
  const COMPANY_CALENDAR = { follows: 'company', country: null, region: null };

  it('are recorded as the reads before and after each write see them', async () => {
    const ws = await t.workspace();
    const email = `viewer@${ws.domain}`;
    const url = `/portal/api/settings/business-hours/${encodeURIComponent(email)}`;
    const input: AuditInput<'setMailboxBusinessHours'> = {
      ...inputOf(ws.workspaceId),
      body: custom,
      params: { email },
    };
    const admin = t.admin(ws);
    const us = { follows: 'country' as const, country: 'US', region: 'CA' };
    const read = describedRead('setMailboxBusinessHours', input);
    const steps: AuditedStep[] = [
      { operation: 'setMailboxBusinessHours', write: () => admin.post(url, custom) },
      {
        operation: 'setMailboxBusinessHours',
        write: () => admin.post(url, { ...custom, holidays: us }),
      },
      {
        operation: 'setMailboxBusinessHours',
        write: () => admin.post(url, { ...custom, timezone: 'Asia/Tokyo' }),
      },
      { operation: 'deleteMailboxBusinessHours', write: () => admin.delete(url) },
      { operation: 'deleteMailboxBusinessHours', write: () => admin.delete(url) },
    ];
    for (const step of steps) await expectEntryAsRead(t.db, ws.workspaceId, read, step);
    const rows = await auditRows(t.db, ws.workspaceId);
    expect(rows.map((row) => row.target_name)).toEqual(Array(5).fill(email));
    expect(rows[1]?.after).toEqual({ holidays: us });
    expect(rows[3]?.after).toEqual({});
    // A save without holidays follows the company's calendar again.
    expect(rows[2]?.after).toEqual({ timezone: 'Asia/Tokyo', holidays: COMPANY_CALENDAR });
    expect(rows[3]?.before).toMatchObject({ timezone: 'Asia/Tokyo', business_hours: monday });
  });
});

describe('company holidays, reported by their own insert and delete', () => {
  const HOLIDAYS = '/portal/api/settings/holidays/';

  it('are recorded added, imported (the ones added, by date) and removed', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const christmas = { date: '2026-12-25', name: 'Our Christmas' };
    const add = await admin.post(HOLIDAYS, christmas);
    expect(add.statusCode, add.body).toBe(200);
    const imported = await admin.post(`${HOLIDAYS}import`, {
      country: 'ES',
      region: 'MD',
      from_year: 2026,
      to_year: 2026,
      dates: ['2026-12-25', '2026-05-02', '2026-01-01'],
    });
    expect(imported.json()).toMatchObject({ added: 2 });
    const removed = await admin.delete(`${HOLIDAYS}2026-12-25`);
    expect(removed.statusCode).toBe(204);
    const rows = await auditRows(t.db, ws.workspaceId);
    const ours = {
      date: '2026-12-25',
      last_date: '2026-12-25',
      name: 'Our Christmas',
      source: 'manual',
    };
    expect(rows.map((row) => [row.operation, row.target_id, row.before])).toEqual([
      ['addHoliday', '2026-12-25', {}],
      ['importHolidays', '2026-01-01,2026-05-02', {}],
      ['removeHoliday', '2026-12-25', ours],
    ]);
    expect(rows[0]?.after).toEqual(ours);
    // The holidays added, keyed by date and name, beside what the import asked.
    const after = Object.keys(rows[1]?.after ?? {});
    expect(after.filter((key) => key.startsWith('2026-'))).toEqual([
      "2026-01-01 New Year's Day",
      '2026-05-02 Día de la Comunidad de Madrid',
    ]);
    expect(rows[1]?.after).toMatchObject({ country: 'ES', region: 'MD' });
    expect(rows[2]?.after).toEqual({});
  });
});
