import { describe, expect, it } from 'vitest';
import { dayFromToday as day, mailboxRows } from '../support/mailbox-rows';
import { setUpTestApp } from '../support/suite';

// Listing and creating mailboxes; deleting them, and who may call these paths, are in
// mailboxes-delete-access.test.ts.

const URL = '/portal/api/settings/mailboxes/';

const t = setUpTestApp('mbx');

const workspace = (maxMailboxes = 25) => t.workspace({ maxMailboxes });

const { admin } = t;
const { stored, setHours } = mailboxRows(t);

describe('listing mailboxes', () => {
  it('gives each mailbox its business-hours mode and hours ordered Mon..Sun', async () => {
    const ws = await workspace();
    const d = ws.domain;
    await t.db.query(
      `insert into mailboxes (workspace_id, email, full_name, status, data_from) values ($1, $2, 'Custom', 'sync_error', '2025-01-02'), ($1, $3, 'Ignore', 'working', '2025-01-03')`,
      [ws.workspaceId, `custom@${d}`, `ignore@${d}`],
    );
    await setHours(ws.workspaceId, `custom@${d}`, 'America/New_York', [
      ['Fri', '09:00', '17:30'],
      ['Mon', '08:30', '12:00'],
    ]);
    const allDay = ['Sun', 'Sat', 'Fri', 'Thu', 'Wed', 'Tue', 'Mon'].map(
      (w): [string, string, string] => [w, '00:00:00', '23:59:59'],
    );
    await setHours(ws.workspaceId, `ignore@${d}`, 'Europe/Madrid', allDay);

    const res = await admin(ws).get(URL);
    expect(res.statusCode).toBe(200);
    const { mailboxes } = res.json<{ mailboxes: Record<string, unknown>[] }>();
    expect(mailboxes.map((m) => m.email)).toEqual([`custom@${d}`, `ignore@${d}`, `viewer@${d}`]);
    expect(mailboxes[0]).toMatchObject({
      full_name: 'Custom',
      status: 'sync_error',
      data_from: '2025-01-02',
      bhs_status: 'Custom',
      business_hours: {
        timezone: 'America/New_York',
        business_hours: [
          { weekday: 'Mon', start_time: '08:30:00', end_time: '12:00:00' },
          { weekday: 'Fri', start_time: '09:00:00', end_time: '17:30:00' },
        ],
      },
    });
    expect(mailboxes[1]).toMatchObject({
      bhs_status: 'Ignore',
      business_hours: { timezone: 'Europe/Madrid' },
    });
    expect(
      (
        mailboxes[1]?.business_hours as { business_hours: { weekday: string }[] }
      ).business_hours.map((e) => e.weekday),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(mailboxes[2]).toMatchObject({
      bhs_status: 'Company',
      business_hours: null,
      status: 'working',
    });
    expect(typeof mailboxes[2]?.created).toBe('string');
  });

  it('gives each mailbox its sync progress while loading, its last error and last sync', async () => {
    const ws = await workspace();
    const d = ws.domain;
    await t.db.query(
      `insert into mailboxes (workspace_id, email, status) values
         ($1, $2, 'loading_data'), ($1, $3, 'sync_error'), ($1, $4, 'loading_data')`,
      [ws.workspaceId, `loading@${d}`, `failing@${d}`, `unknown@${d}`],
    );
    await t.db.query(
      `insert into mailbox_sync (workspace_id, mailbox_id, progress_done, progress_total,
         last_error, last_synced_at)
       select m.workspace_id, m.mailbox_id, v.done, v.total, v.error, v.synced::timestamptz
         from mailboxes m join (values
           ($2, 421, 1000, null, '2026-11-20T10:00:00Z'),
           ($3, 5, 5, 'The IMAP server refused the master user''s sign-in.', '2026-11-19T08:00:00Z'),
           ($4, 0, null, null, null)) as v(email, done, total, error, synced)
           on v.email = m.email
        where m.workspace_id = $1`,
      [ws.workspaceId, `loading@${d}`, `failing@${d}`, `unknown@${d}`],
    );
    const res = await admin(ws).get(URL);
    expect(res.statusCode).toBe(200);
    const fields = res
      .json<{ mailboxes: Record<string, unknown>[] }>()
      .mailboxes.map(({ email, progress, last_error, last_synced }) => ({
        email,
        progress,
        last_error,
        last_synced,
      }));
    expect(fields).toEqual([
      {
        email: `failing@${d}`,
        progress: null,
        last_error: "The IMAP server refused the master user's sign-in.",
        last_synced: '2026-11-19T08:00:00.000Z',
      },
      {
        email: `loading@${d}`,
        progress: 42,
        last_error: null,
        last_synced: '2026-11-20T10:00:00.000Z',
      },
      { email: `unknown@${d}`, progress: null, last_error: null, last_synced: null },
      { email: `viewer@${d}`, progress: null, last_error: null, last_synced: null },
    ]);
  });

  it('calls six all-day days Custom, not Ignore', async () => {
    const ws = await workspace();
    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((w): [string, string, string] => [
      w,
      '00:00:00',
      '23:59:59',
    ]);
    await setHours(ws.workspaceId, `viewer@${ws.domain}`, 'Europe/Madrid', days);
    const res = await admin(ws).get(URL);
    expect(res.json<{ mailboxes: { bhs_status: string }[] }>().mailboxes[0]?.bhs_status).toBe(
      'Custom',
    );
  });
});

describe('creating mailboxes', () => {
  it('cleans the addresses, names the mailboxes and starts them loading', async () => {
    const ws = await workspace();
    const d = ws.domain;
    const res = await admin(ws).post(URL, {
      emails: [`Sales@${d.toUpperCase()}`, `john.doe@${d}`, `sales@${d}`, `ADMIN@${d}`],
      data_from: day(0, -2),
    });
    expect(res.statusCode).toBe(201);
    const { mailboxes } = res.json<{ mailboxes: Record<string, unknown>[] }>();
    expect(
      mailboxes.map((m) => [m.email, m.full_name, m.status, m.bhs_status, m.business_hours]),
    ).toEqual([
      [`admin@${d}`, 'Admin User', 'loading_data', 'Company', null],
      [`john.doe@${d}`, 'John Doe', 'loading_data', 'Company', null],
      [`sales@${d}`, 'Sales', 'loading_data', 'Company', null],
    ]);
    expect(await stored(ws.workspaceId)).toEqual([
      {
        email: `admin@${d}`,
        full_name: 'Admin User',
        status: 'loading_data',
        data_from: day(0, -2),
      },
      {
        email: `john.doe@${d}`,
        full_name: 'John Doe',
        status: 'loading_data',
        data_from: day(0, -2),
      },
      { email: `sales@${d}`, full_name: 'Sales', status: 'loading_data', data_from: day(0, -2) },
      expect.objectContaining({ email: `viewer@${d}`, status: 'working' }),
    ]);
  });

  it.each([
    [
      'an address that is not valid',
      (d: string) => [`ok@${d}`, 'bad@acme.x'],
      'These are not valid email addresses: bad@acme.x.',
    ],
    [
      'an address of another domain',
      (d: string) => [`ok@${d}`, 'x@other.example'],
      'x@other.example',
    ],
    [
      'an address already tracked',
      (d: string) => [`ok@${d}`, `Viewer@${d}`],
      'These mailboxes are already tracked: viewer@',
    ],
  ])('refuses %s and creates nothing', async (_label, emails, message) => {
    const ws = await workspace();
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(URL, { emails: emails(ws.domain), data_from: day(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('refuses a body the contract does not allow', async () => {
    const ws = await workspace();
    const res = await admin(ws).post(URL, { emails: ['not-an-email'], data_from: day(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body/emails/0');
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it.each([
    [day(3), 'The data_from date cannot be in the future.'],
    [day(-30, -2), 'The data_from date can be at most 2 years back.'],
    [day(0, -3), 'The data_from date can be at most 2 years back.'],
  ])('refuses data_from %s', async (dataFrom, message) => {
    const ws = await workspace();
    const res = await admin(ws).post(URL, { emails: [`new@${ws.domain}`], data_from: dataFrom });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it('keeps to max_mailboxes with the spec wording', async () => {
    const ws = await workspace(3);
    const d = ws.domain;
    const res = await admin(ws).post(URL, {
      emails: [`a@${d}`, `b@${d}`, `c@${d}`],
      data_from: day(0),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      "You're trying to add 3 mailboxes, but you only have 2 slots remaining. Remove some mailboxes or contact your Customer Success Manager to increase your limit.",
    );
    expect(await stored(ws.workspaceId)).toHaveLength(1);
    const ok = await admin(ws).post(URL, { emails: [`a@${d}`, `b@${d}`], data_from: day(0) });
    expect(ok.statusCode).toBe(201);
    expect(await stored(ws.workspaceId)).toHaveLength(3);
  });

  it('never exceeds the limit under parallel requests', async () => {
    const ws = await workspace(4);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin(ws).post(URL, { emails: [`p${i}@${ws.domain}`], data_from: day(0) }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(7);
    expect(await stored(ws.workspaceId)).toHaveLength(4);
  });
});
