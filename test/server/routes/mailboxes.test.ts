import { describe, expect, it } from 'vitest';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';
import type { SyncBatch } from '../../../server/mail/connector';
import { commitBatch, LeaseLostError, type StoreTarget } from '../../../server/mail/store';

const URL = '/portal/api/settings/mailboxes/';

const t = setUpTestApp('mbx');

const workspace = (maxMailboxes = 25) => t.workspace({ maxMailboxes });

const { admin } = t;

/** A day relative to today (UTC) as YYYY-MM-DD. */
function day(offsetDays: number, offsetYears = 0) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + offsetYears);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

async function stored(workspaceId: number) {
  return t.db.query<{ email: string; full_name: string; status: string; data_from: string }>(
    `select email, full_name, status, data_from from mailboxes
      where workspace_id = $1 and removed_at is null order by email`,
    [workspaceId],
  );
}

async function mailboxId(workspaceId: number, email: string) {
  const [row] = await t.db.query<{ mailbox_id: number }>(
    `select mailbox_id from mailboxes where workspace_id = $1 and email = $2`,
    [workspaceId, email],
  );
  if (!row) throw new Error(`no mailbox ${email}`);
  return row.mailbox_id;
}

async function setHours(
  workspaceId: number,
  email: string,
  timezone: string,
  days: [string, string, string][],
) {
  const id = await mailboxId(workspaceId, email);
  await t.db.query(
    `update mailboxes set bhs_timezone = $3 where workspace_id = $1 and mailbox_id = $2`,
    [workspaceId, id, timezone],
  );
  for (const [weekday, start, end] of days) {
    await t.db.query(
      `insert into mailbox_business_hours (workspace_id, mailbox_id, weekday, start_time, end_time) values ($1, $2, $3, $4, $5)`,
      [workspaceId, id, weekday, start, end],
    );
  }
}

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

describe('deleting mailboxes', () => {
  async function withLinks(ws: TestWorkspace) {
    const id = await mailboxId(ws.workspaceId, `viewer@${ws.domain}`);
    const [team] = await t.db.query<{ team_id: number }>(
      `insert into teams (workspace_id, name) values ($1, 'Support') returning team_id`,
      [ws.workspaceId],
    );
    const [alert] = await t.db.query<{ alert_id: number }>(
      `insert into alerts (workspace_id, name, minutes_gap, domains, notify_emails, created_by_email) values ($1, 'A', 60, '{x.example}', $2, $3) returning alert_id`,
      [ws.workspaceId, [ws.admin.email], ws.admin.email],
    );
    await t.db.query(
      `insert into team_members (workspace_id, team_id, mailbox_id) values ($1, $2, $3)`,
      [ws.workspaceId, team?.team_id, id],
    );
    await t.db.query(
      `insert into manager_mailboxes (workspace_id, user_id, mailbox_id) values ($1, $2, $3)`,
      [ws.workspaceId, ws.manager.userId, id],
    );
    await t.db.query(
      `insert into alert_mailboxes (workspace_id, alert_id, mailbox_id) values ($1, $2, $3)`,
      [ws.workspaceId, alert?.alert_id, id],
    );
    await setHours(ws.workspaceId, `viewer@${ws.domain}`, 'Europe/Madrid', [
      ['Mon', '09:00', '17:00'],
    ]);
  }

  async function links(workspaceId: number) {
    const [row] = await t.db.query<Record<string, number>>(
      `select (select count(*) from team_members where workspace_id = $1) as members,
              (select count(*) from manager_mailboxes where workspace_id = $1) as grants,
              (select count(*) from alert_mailboxes where workspace_id = $1) as alerts,
              (select count(*) from mailbox_business_hours where workspace_id = $1) as hours`,
      [workspaceId],
    );
    return row;
  }

  /** The viewer's mailbox syncing under a lease, with two messages stored. */
  async function syncing(ws: TestWorkspace): Promise<StoreTarget> {
    const id = await mailboxId(ws.workspaceId, `viewer@${ws.domain}`);
    await t.db.query(
      `insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
       values ($1, $2, 'worker-a', now() + interval '1 minute')`,
      [ws.workspaceId, id],
    );
    const target = {
      workspaceId: ws.workspaceId,
      mailboxId: id,
      email: `viewer@${ws.domain}`,
      leaseOwner: 'worker-a',
    };
    await t.db.transaction((tx) => commitBatch(tx, target, batch(['a', 'b'])));
    return target;
  }

  function batch(ids: string[]): SyncBatch {
    const messages = ids.map((id) => ({
      providerId: id,
      threadKey: id,
      folder: 'INBOX',
      labels: [],
      categories: [],
      inSentFolder: false,
      sentAt: new Date('2026-11-02T10:00:00Z'),
      headers: {
        from: 'c@customer.example',
        to: null,
        cc: null,
        subject: id,
        messageId: null,
        inReplyTo: null,
        references: null,
        autoSubmitted: null,
        precedence: null,
        listId: null,
        contentType: null,
      },
    }));
    return {
      messages,
      cursor: { n: ids.length },
      historyLoaded: true,
      progress: { done: 1, total: 1 },
    };
  }

  async function leftOver(workspaceId: number) {
    const [row] = await t.db.query<Record<string, number>>(
      `select (select count(*) from messages where workspace_id = $1) as messages,
              (select count(*) from mailbox_sync where workspace_id = $1) as sync,
              (select count(*) from mailboxes where workspace_id = $1) as rows`,
      [workspaceId],
    );
    return row;
  }

  it('with delete_from_bq removes the mailbox, its mail, its sync and everything linked', async () => {
    const ws = await workspace();
    await withLinks(ws);
    const target = await syncing(ws);
    const res = await admin(ws).delete(URL, {
      emails: [`VIEWER@${ws.domain}`],
      delete_from_bq: true,
    });
    expect(res.statusCode).toBe(204);
    expect(await stored(ws.workspaceId)).toEqual([]);
    expect(await links(ws.workspaceId)).toEqual({ members: 0, grants: 0, alerts: 0, hours: 0 });
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 0, sync: 0, rows: 0 });
    await expect(t.db.transaction((tx) => commitBatch(tx, target, batch(['c'])))).rejects.toThrow();
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 0, sync: 0, rows: 0 });
  });

  it('without delete_from_bq stops the sync and keeps the mail; the address can come back', async () => {
    const ws = await workspace();
    await withLinks(ws);
    const target = await syncing(ws);
    const res = await admin(ws).delete(URL, {
      emails: [`viewer@${ws.domain}`],
      delete_from_bq: false,
    });
    expect(res.statusCode).toBe(204);
    expect(await stored(ws.workspaceId)).toEqual([]);
    expect((await admin(ws).get(URL)).json()).toEqual({ mailboxes: [] });
    // Its hours stay with its kept mail; it leaves teams, grants and alerts.
    expect(await links(ws.workspaceId)).toEqual({ members: 0, grants: 0, alerts: 0, hours: 1 });
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 2, sync: 0, rows: 1 });
    await expect(
      t.db.transaction((tx) => commitBatch(tx, target, batch(['c']))),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await leftOver(ws.workspaceId)).toEqual({ messages: 2, sync: 0, rows: 1 });

    const again = await admin(ws).post(URL, { emails: [`viewer@${ws.domain}`], data_from: day(0) });
    expect(again.statusCode).toBe(201);
    expect((await admin(ws).get(URL)).json<{ mailboxes: unknown[] }>().mailboxes).toEqual([
      expect.objectContaining({ email: `viewer@${ws.domain}`, status: 'loading_data' }),
    ]);
    expect(await leftOver(ws.workspaceId)).toMatchObject({ messages: 2, rows: 2 });
  });

  it('refuses unknown addresses, names them and deletes nothing', async () => {
    const ws = await workspace();
    await withLinks(ws);
    const res = await admin(ws).delete(URL, {
      emails: [`viewer@${ws.domain}`, `ghost@${ws.domain}`],
      delete_from_bq: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `These mailboxes are not tracked: ghost@${ws.domain}.`,
    );
    expect(await stored(ws.workspaceId)).toHaveLength(1);
    expect(await links(ws.workspaceId)).toEqual({ members: 1, grants: 1, alerts: 1, hours: 1 });
  });
});

describe('access to mailboxes', () => {
  const calls = (ws: TestWorkspace) =>
    [
      ['GET', (token: string) => client(t.app, token).get(URL)],
      [
        'POST',
        (token: string) =>
          client(t.app, token).post(URL, { emails: [`n@${ws.domain}`], data_from: day(0) }),
      ],
      [
        'DELETE',
        (token: string) =>
          client(t.app, token).delete(URL, {
            emails: [`viewer@${ws.domain}`],
            delete_from_bq: false,
          }),
      ],
    ] as const;

  it('refuses managers and viewers on every path', async () => {
    const ws = await workspace();
    for (const [, call] of calls(ws)) {
      expect((await call(ws.manager.token)).statusCode).toBe(403);
      expect((await call(ws.viewer.token)).statusCode).toBe(403);
    }
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it('allows only reads when the feature is read-only, and nothing when disabled', async () => {
    const ws = await workspace();
    await setFeature(t.db, ws.workspaceId, 'mailboxes', true, true);
    const [[, get], [, post], [, del]] = calls(ws);
    expect((await get(ws.admin.token)).statusCode).toBe(200);
    expect((await post(ws.admin.token)).statusCode).toBe(403);
    expect((await del(ws.admin.token)).statusCode).toBe(403);
    await setFeature(t.db, ws.workspaceId, 'mailboxes', false, false);
    for (const [, call] of calls(ws)) expect((await call(ws.admin.token)).statusCode).toBe(403);
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it("never shows or changes another workspace's mailboxes", async () => {
    const a = await workspace();
    const b = await workspace();
    const before = await stored(a.workspaceId);
    const list = await admin(b).get(URL);
    expect(list.json<{ mailboxes: { email: string }[] }>().mailboxes.map((m) => m.email)).toEqual([
      `viewer@${b.domain}`,
    ]);
    const del = await admin(b).delete(URL, {
      emails: [`viewer@${a.domain}`],
      delete_from_bq: true,
    });
    expect(del.statusCode).toBe(400);
    const add = await admin(b).post(URL, { emails: [`new@${a.domain}`], data_from: day(0) });
    expect(add.statusCode).toBe(400);
    expect(await stored(a.workspaceId)).toEqual(before);
  });
});
