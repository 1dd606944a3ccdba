import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { getWorkspace } from '../../../server/repos/workspaces';
import { DEMO_DIRECTORY, isDatabaseEmpty, seedDemoWorkspace } from '../../../server/seed/demo';
import { DEMO_MAIL_SEED } from '../../../server/seed/demo-mail';
import { MAIL_READ_VERSION } from '../../../server/domain/mail-read-version';
import { createTestDb } from '../support/test-db';

// A Wednesday morning in Madrid: mail keeps arriving in business hours.
const NOW = new Date('2026-11-25T09:30:00Z');

describe('demo seed', () => {
  it('fills an empty database with the Acme workspace', async () => {
    const fresh = await createTestDb();
    try {
      const started = performance.now();
      const id = await fresh.transaction(async (tx) => {
        expect(await isDatabaseEmpty(tx)).toBe(true);
        return seedDemoWorkspace(tx, NOW);
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(`demo seed on ${fresh.kind}: ${seconds.toFixed(1)} s`);
      expect(await isDatabaseEmpty(fresh)).toBe(false);
      await expectDemoContents(fresh, id);
      await expectDemoMail(fresh, id);
    } finally {
      await fresh.close();
    }
  });

  it('exports a directory of about 40 unique staff addresses covering every mailbox', () => {
    expect(DEMO_DIRECTORY.length).toBeGreaterThanOrEqual(35);
    expect(new Set(DEMO_DIRECTORY).size).toBe(DEMO_DIRECTORY.length);
    expect(DEMO_DIRECTORY.every((email) => email.endsWith('@acme.example'))).toBe(true);
  });
});

async function expectDemoContents(q: Db, id: number): Promise<void> {
  const ws = await getWorkspace(q, id);
  expect(ws).toMatchObject({
    client_name: 'Acme',
    allowed_domains: ['acme.example'],
    provider: 'G',
    max_mailboxes: 25,
    max_users: 10,
    max_alerts: 5,
  });
  expect(Object.values(ws?.features ?? {}).every((f) => f.enabled && !f.read_only)).toBe(true);
  const users = await q.query<{ email: string; full_name: string; role: string }>(
    'select email, full_name, role from users where workspace_id = $1 order by user_id',
    [id],
  );
  expect(users).toEqual([
    { email: 'ada.admin@acme.example', full_name: 'Ada Admin', role: 'admin' },
    { email: 'max.manager@acme.example', full_name: 'Max Manager', role: 'manager' },
    { email: 'vera.viewer@acme.example', full_name: 'Vera Viewer', role: 'viewer' },
  ]);
  const mailboxes = await q.query<{ email: string; status: string; data_from: string }>(
    'select email, status, data_from from mailboxes where workspace_id = $1',
    [id],
  );
  expect(mailboxes).toHaveLength(12);
  const emails = mailboxes.map((m) => m.email);
  for (const local of ['sales', 'support', 'billing', 'info', 'vera.viewer']) {
    expect(emails).toContain(`${local}@acme.example`);
  }
  expect(new Set(mailboxes.map((m) => m.status))).toEqual(
    new Set(['working', 'loading_data', 'sync_error']),
  );
  const twoYearsAgo = new Date(NOW.getTime() - 731 * 86_400_000).toISOString().slice(0, 10);
  expect(mailboxes.every((m) => m.data_from >= twoYearsAgo)).toBe(true);
  expect(emails.every((email) => DEMO_DIRECTORY.includes(email))).toBe(true);
  expect(await counts(q, id)).toEqual({
    teams: 3,
    team_members: 15,
    manager_teams: 1,
    manager_mailboxes: 2,
    alerts: 2,
    paused_alerts: 1,
    alerts_by_ada: 2,
    contact_groups: 2,
    company_days: 5,
    custom_days: 6,
    ignored_days: 7,
    filtering: 1,
  });
}

async function counts(q: Db, id: number): Promise<Record<string, number>> {
  const [row] = await q.query<Record<string, number>>(
    `select
      (select count(*) from teams where workspace_id = $1) as teams,
      (select count(*) from team_members where workspace_id = $1) as team_members,
      (select count(*) from manager_teams where workspace_id = $1) as manager_teams,
      (select count(*) from manager_mailboxes where workspace_id = $1) as manager_mailboxes,
      (select count(*) from alerts where workspace_id = $1) as alerts,
      (select count(*) from alerts where workspace_id = $1 and not is_active) as paused_alerts,
      (select count(*) from alerts a join users u using (workspace_id)
        where a.workspace_id = $1 and u.user_id = a.created_by_user_id
          and u.email = 'ada.admin@acme.example') as alerts_by_ada,
      (select count(*) from contact_groups where workspace_id = $1) as contact_groups,
      (select count(*) from company_business_hour_days d join company_business_hours h
         using (workspace_id)
        where workspace_id = $1 and h.timezone = 'Europe/Madrid'
          and d.start_time = '09:00' and d.end_time = '17:30') as company_days,
      (select count(*) from mailbox_business_hours b join mailboxes m using (workspace_id, mailbox_id)
        where workspace_id = $1 and m.email = 'support@acme.example') as custom_days,
      (select count(*) from mailbox_business_hours b join mailboxes m using (workspace_id, mailbox_id)
        where workspace_id = $1 and m.email = 'info@acme.example'
          and b.start_time = '00:00:00' and b.end_time = '23:59:59') as ignored_days,
      (select count(*) from filtering_settings where workspace_id = $1
        and excluded_filters = '{}' and internal_domains = '{}') as filtering`,
    [id],
  );
  return row ?? {};
}

/** The demo mail account, a sync row per mailbox and 90 days of generated mail. */
async function expectDemoMail(q: Db, id: number): Promise<void> {
  const [account] = await q.query<{ provider: string; settings: unknown }>(
    'select provider, settings from mail_accounts where workspace_id = $1',
    [id],
  );
  expect(account).toEqual({
    provider: 'demo',
    settings: { seed: DEMO_MAIL_SEED, timezone: 'Europe/Madrid' },
  });
  const sync = await q.query<Record<string, unknown>>(
    `select m.email, m.status, s.history_loaded, s.cursor, s.last_error,
            s.progress_done, s.progress_total, s.read_version,
            (select count(*)::int from messages g
              where g.workspace_id = m.workspace_id and g.mailbox_id = m.mailbox_id) as stored,
            (select min(sent_at) from messages g
              where g.workspace_id = m.workspace_id and g.mailbox_id = m.mailbox_id) as first
       from mailboxes m join mailbox_sync s using (workspace_id, mailbox_id)
      where m.workspace_id = $1 order by m.email`,
    [id],
  );
  expect(sync).toHaveLength(12);
  // Generated as this version's sync stores mail: a start does not read any of it again.
  expect(new Set(sync.map((row) => row.read_version))).toEqual(new Set([MAIL_READ_VERSION]));
  const byEmail = new Map(sync.map((row) => [row.email, row]));
  expect(byEmail.get('sales@acme.example')).toMatchObject({
    status: 'working',
    history_loaded: true,
    cursor: { until: NOW.getTime(), history: true },
    last_error: null,
  });
  const sales = byEmail.get('sales@acme.example')!;
  expect(sales.stored).toBe(sales.progress_done);
  // 90 days of a few dozen messages a weekday.
  expect(sales.stored).toBeGreaterThan(1000);
  expect(String(sales.first) >= new Date(NOW.getTime() - 91 * 86_400_000).toISOString()).toBe(true);
  const mia = byEmail.get('mia.kowalski@acme.example')!;
  expect(mia).toMatchObject({ status: 'loading_data', history_loaded: false });
  expect(Number(mia.progress_done) / Number(mia.progress_total)).toBeCloseTo(0.42, 2);
  expect(byEmail.get('oliver.grant@acme.example')).toMatchObject({
    history_loaded: false,
    cursor: null,
    progress_done: 0,
    stored: 0,
  });
  expect(byEmail.get('emma.novak@acme.example')).toMatchObject({
    status: 'sync_error',
    last_error: 'Google refused access to this mailbox: the domain-wide delegation was revoked.',
  });
}
