import { describe, expect, it } from 'vitest';
import { portalDocument } from '../../../server/contract/spec';
import type { AuditEntry, AuditPage, AuditQuery } from '../../../src/api/types';
import { client, setFeature } from '../support/app';
import { setUpTestWorkspace } from '../support/suite';

// The audit log's read operations: admins only, every query value bounded by the contract.

const t = setUpTestWorkspace('audit-api.example');

const urlOf = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/** Every field the Activity page reads; a change here is an "Audit contract:" commit of its own. */
const ENTRY_FIELDS = {
  id: 1,
  time: 1,
  actor: 1,
  client: 1,
  operation: 1,
  target: 1,
  before: 1,
  after: 1,
  hash: 1,
} satisfies Record<keyof AuditEntry, 1>;
const PAGE_FIELDS = {
  total: 1,
  page: 1,
  page_size: 1,
  timezone: 1,
  entries: 1,
} satisfies Record<keyof AuditPage, 1>;

const requiredOf = (name: string) =>
  (portalDocument.components.schemas?.[name] as { required: string[] }).required;

describe('the audit log API', () => {
  it('keeps the entry and page shapes the Activity page was built on', () => {
    expect(requiredOf('AuditEntry').sort()).toEqual(Object.keys(ENTRY_FIELDS).sort());
    expect(requiredOf('AuditPage').sort()).toEqual(Object.keys(PAGE_FIELDS).sort());
  });

  it('pages the entries newest first, and filters them by operation, target, actor and dates', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const members = [`sales@${ws.domain}`];
    await admin.post('/portal/api/settings/mailboxes/', {
      emails: members,
      data_from: '2026-01-01',
    });
    for (const name of ['Support', 'Sales', 'Billing'])
      await admin.post('/portal/api/settings/teams/', { name, members });
    const list = async (query: Record<string, string>) =>
      (await admin.get(urlOf('/portal/api/audit/', query))).json<AuditPage>();

    const all = await list({});
    expect(all).toMatchObject({ total: 4, page: 1, page_size: 50 });
    expect(all.entries.map((e) => e.target.name)).toEqual([
      'Billing',
      'Sales',
      'Support',
      members[0],
    ]);
    expect(all.entries[0]).toMatchObject({
      id: 4,
      operation: 'createTeam',
      actor: { kind: 'user', user_id: ws.admin.userId, name: ws.admin.email },
      client: { address: '127.0.0.1' },
      target: { type: 'team', name: 'Billing' },
      before: {},
      after: { name: 'Billing', members },
    });
    expect(all.entries[0]?.hash).toMatch(/^[0-9a-f]{64}$/);

    const second = await list({ page: '2', page_size: '3' });
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.entries.map((e) => e.id)).toEqual([1]);
    expect((await list({ operation: 'createMailboxes' })).total).toBe(1);
    expect((await list({ target: 'team' })).total).toBe(3);
    expect((await list({ target: 'SAL' })).entries.map((e) => e.target.name)).toEqual([
      'Sales',
      members[0],
    ]);
    expect((await list({ actor: ws.admin.email.slice(0, 5) })).total).toBe(4);
    expect((await list({ actor: 'cli' })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).total).toBe(4);
    expect((await list({ to: '2020-01-01' })).total).toBe(0);
  });

  it("names the zone its dates are in: the company hours', UTC until set, whatever the feature", async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const zone = async () => (await admin.get('/portal/api/audit/')).json<AuditPage>().timezone;
    expect(await zone()).toBe('UTC');
    const hours = {
      business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '17:00:00' }],
      timezone: 'Pacific/Auckland',
    };
    await admin.post('/portal/api/settings/company-business-hours/', hours);
    expect(await zone()).toBe('Pacific/Auckland');
    // The server still reads `from` and `to` in it with the business hours feature off.
    await setFeature(t.db, ws.workspaceId, 'business_hours', false, false);
    expect(await zone()).toBe('Pacific/Auckland');
  });

  it('exports the same filters as CSV with formula cells neutralised, and logs the export', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const members = [`sales@${ws.domain}`];
    await admin.post('/portal/api/settings/mailboxes/', {
      emails: members,
      data_from: '2026-01-01',
    });
    await admin.post('/portal/api/settings/teams/', { name: '=HYPERLINK("x")', members });
    const reply = await admin.get('/portal/api/audit/export.csv?target=team');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="mailpulse-audit.csv"');
    const [header, row, end] = reply.body.split('\r\n');
    expect(header).toBe(
      'time,actor_kind,actor,actor_user_id,client_address,user_agent,operation,target_type,target_id,target_name,before,after,hash',
    );
    expect(row).toContain(`,user,${ws.admin.email},${ws.admin.userId},127.0.0.1,`);
    expect(row).toContain(`,createTeam,team,`);
    expect(row).toContain(`,"'=HYPERLINK(""x"")",{},`);
    expect(end).toBe('');
    const latest = await admin.get('/portal/api/audit/?page_size=1');
    expect(latest.json<AuditPage>().entries[0]).toMatchObject({
      operation: 'exportAuditCsv',
      target: { type: 'export', id: 'audit', name: 'Audit log CSV' },
      after: { target: 'team' },
    });
  });

  it('refuses a `to` before `from` with 400', async () => {
    const reply = await client(t.app, t.ws.admin.token).get(
      '/portal/api/audit/?from=2026-05-02&to=2026-05-01',
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ error: 'bad_request', message: 'to: must not be before from.' });
  });

  it.each(['/portal/api/audit/', '/portal/api/audit/export.csv'])(
    'refuses a manager and a viewer with 403 at %s',
    async (path) => {
      for (const session of [t.ws.manager, t.ws.viewer]) {
        const reply = await client(t.app, session.token).get(path);
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toEqual({
          error: 'forbidden',
          message: 'Your role does not allow this.',
        });
      }
    },
  );

  const bad: [Partial<Record<keyof AuditQuery, string>>, string][] = [
    [{ from: '2026-13-01' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ actor: 'x'.repeat(255) }, 'actor'],
    [{ actor: '' }, 'actor'],
    [{ operation: 'drop table' }, 'operation'],
    [{ operation: 'x'.repeat(65) }, 'operation'],
    [{ target: 'x'.repeat(201) }, 'target'],
    [{ page: '0' }, 'page'],
    [{ page: '100001' }, 'page'],
    [{ page_size: '201' }, 'page_size'],
  ];
  it.each(bad)('refuses %j with 400 naming %s', async (query, field) => {
    for (const path of ['/portal/api/audit/', '/portal/api/audit/export.csv']) {
      if (path.endsWith('.csv') && (field === 'page' || field === 'page_size')) continue;
      const reply = await client(t.app, t.ws.admin.token).get(urlOf(path, query));
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ message: string }>().message).toContain(field);
    }
  });
});
