import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { emptyExcludedFilters } from '../../../common/exclusions';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { dovecotForFile } from '../support/dovecot-file';
import { referenceBusinessSeconds } from '../../support/business-time';
import { addSyncedMailbox, readFromDovecot, secrets } from '../support/mail-sync';
import {
  ACROSS_HOLIDAY,
  byDomain,
  HOLIDAY_WEEK,
  hour,
  NEXT_WEEK,
  SUMMARY,
  WEEK,
  type Breakdown,
  type Summary,
} from '../support/stats-e2e-figures';
import { nextWeek, week } from '../support/stats-e2e-mail';
import { setUpTestApp } from '../support/suite';

// The statistics end to end: mail put into a real Dovecot, synced over IMAP by the sync worker
// (`mail:sync --wait`), settings set through the API, `stats:rebuild` through the CLI, then the
// API's figures equal the ones computed by hand (the mail in support/stats-e2e-mail.ts, the
// figures in support/stats-e2e-figures.ts).
//
// Company hours Mon–Fri 09:00–17:30 Europe/Madrid (UTC+1 in February) and a company holiday on
// Friday 2026-03-06; 2026-02-09 is a Monday.
// Local times are given in the comments.

type Distribution = components['schemas']['StatsDistribution'];
type Page = components['schemas']['StatsUnrepliedPage'];

const t = setUpTestApp('e2e');
const dovecot = dovecotForFile();

const HOURS = {
  timezone: 'Europe/Madrid',
  business_hours: (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((weekday) => ({
    weekday,
    start_time: '09:00:00',
    end_time: '17:30:00',
  })),
};

describe('statistics from mail synced out of Dovecot', () => {
  it('answers the hand-computed figures after settings, sync and stats:rebuild', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const sales = `sales@${ws.domain}`;
    const cli = (line: string) =>
      executeArgv(
        { db: t.db, config: loadConfig({}), secrets: () => Promise.resolve(secrets) },
        line.split(' '),
      );
    const get = async <T>(path: string, query: Record<string, string> = {}) => {
      const params = new URLSearchParams({ ...WEEK, ...query });
      const reply = await admin.get(`/portal/api/stats/${path}?${params.toString()}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<T>();
    };

    expect(
      (await admin.post('/portal/api/settings/company-business-hours/', HOURS)).statusCode,
    ).toBe(200);
    await dovecot.addUser(sales);
    await readFromDovecot(t.db, ws.workspaceId, dovecot);
    await addSyncedMailbox(t.db, ws.workspaceId, sales, '2026-02-01');
    const mail = week(sales, `colleague@${ws.domain}`);
    await dovecot.append(sales, 'INBOX', mail.inbox);
    await dovecot.append(sales, 'Sent', mail.sent);
    const later = nextWeek(sales);
    await dovecot.append(sales, 'Archive', [later.archived]);
    await dovecot.append(sales, 'Sent', [later.reply]);
    await dovecot.append(sales, 'Junk', [later.spam]);
    await dovecot.append(sales, 'Trash', [later.trash]);
    await dovecot.append(sales, 'Drafts', [later.draft]);
    await dovecot.append(sales, 'INBOX', [later.waiting]);
    const sync = () => cli(`mail:sync --workspace ${ws.workspaceId} --mailbox ${sales} --wait`);
    expect(await sync()).toEqual({ stdout: [`${sales}: in`], stderr: [], code: 0 });

    // Synced before the exclusion and the internal domain existed: eve's and dave's threads count.
    expect(await get<Summary>('summary')).toMatchObject({ received: 9, sent: 7, internal: 1 });

    const filters = emptyExcludedFilters();
    filters.addresses.is = ['eve@noise.example'];
    const saved = await admin.post('/portal/api/settings/filtering-settings/', {
      filtering_settings: { excluded_filters: filters, internal_domains: ['partner.example'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const holiday = await admin.post('/portal/api/settings/holidays/', {
      date: '2026-03-06',
      name: 'Company day',
    });
    expect(holiday.statusCode, holiday.body).toBe(200);
    const rebuilt = await cli(`stats:rebuild --workspace ${ws.workspaceId}`);
    expect(rebuilt.code, rebuilt.stderr.join('\n')).toBe(0);

    expect(await get<Summary>('summary')).toEqual(SUMMARY);
    // The reply counts as sent on its own date, Monday 9, the week after.
    expect(await get<Summary>('summary', HOLIDAY_WEEK)).toMatchObject({
      received: 1,
      sent: 0,
      response_time: ACROSS_HOLIDAY,
    });
    expect(await get<Breakdown>('breakdown', { by: 'mailbox' })).toEqual({
      by: 'mailbox',
      rows: [{ key: sales, ...SUMMARY }],
    });
    expect(await get<Breakdown>('breakdown', { by: 'domain' })).toEqual({
      by: 'domain',
      rows: byDomain(ws.domain),
    });
    expect(await get<Distribution>('distribution')).toEqual({
      // T8a (600 s).
      under_1h: 1,
      // T1 (2 h) and T2 (2.5 h).
      from_1h_to_4h: 2,
      // T6 (6.5 h) and T8b (7 h).
      from_4h_to_24h: 2,
      from_1d_to_3d: 0,
      over_3d: 0,
      // T7.
      still_waiting: 1,
    });

    const before = Date.now();
    const page = await get<Page>('unreplied');
    const after = Date.now();
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 50 });
    const [row] = page.unreplied;
    expect(row).toMatchObject({
      mailbox: sales,
      from: 'grace@customer.example',
      subject: 'Where is my parcel?',
      received: '2026-02-11T13:00:00.000Z',
    });
    // Waiting from Wed 14:00 until the request: between the clock read before and after it.
    const received = new Date('2026-02-11T13:00:00Z');
    const hours = {
      timezone: 'Europe/Madrid',
      allTime: false,
      days: Object.fromEntries([1, 2, 3, 4, 5].map((d) => [d, ['09:00:00', '17:30:00'] as const])),
      closed: new Set(['2026-03-06']),
    };
    const business = (until: number) => referenceBusinessSeconds(hours, received, new Date(until));
    expect(row?.waiting.calendar).toBeGreaterThanOrEqual(
      Math.floor((before - received.getTime()) / 1000),
    );
    expect(row?.waiting.calendar).toBeLessThanOrEqual(
      Math.ceil((after - received.getTime()) / 1000),
    );
    expect(row?.waiting.business).toBeGreaterThanOrEqual(Math.floor(business(before)));
    expect(row?.waiting.business).toBeLessThanOrEqual(Math.ceil(business(after)));

    // The next week: the archived thread counts, spam, trash and the draft do not.
    const nextSummary = () => get<Summary>('summary', NEXT_WEEK);
    expect(await nextSummary()).toEqual({
      ...{ received: 2, sent: 1, replied: 1, unreplied: 1, awaiting: 1, internal: 0 },
      automated: 0,
      response_time: { business: hour, calendar: hour },
      first_response_time: { business: hour, calendar: hour },
      within_target: { target_seconds: 7200, share: 1 },
    });
    // Moved to the trash after it was stored: it keeps its figures, but unanswered it is closed
    // and no longer awaits (definition 5).
    await dovecot.move(sales, 'INBOX', 'Trash', [later.waiting.id]);
    expect(await sync()).toEqual({ stdout: [`${sales}: in`], stderr: [], code: 0 });
    expect(await nextSummary()).toMatchObject({ received: 2, unreplied: 1, awaiting: 0 });
    expect(await get<Summary>('summary')).toEqual(SUMMARY);
  });
});
