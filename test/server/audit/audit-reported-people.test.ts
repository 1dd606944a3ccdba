import { describe, expect, it } from 'vitest';
import type { AuditInput } from '../../../server/audit/description';
import type { BodyOf, OperationId } from '../../../server/contract/types';
import { auditRows, describedRead, expectEntryAsRead } from '../support/audit';
import { alertInput } from '../support/settings-sweep';
import { setUpTestApp } from '../support/suite';

// Teams and alerts created, changed and removed report what their handler read and saved (the
// target before, as the handler found it, and as saved after): each entry holds what reads around
// the write would see.

const t = setUpTestApp('audit-reported-people');

const TEAMS = '/portal/api/settings/teams/';

/** The description's read of an operation's target, for a request with this body. */
function readOf<O extends OperationId>(operation: O, workspaceId: number, body: BodyOf<O>) {
  const input = {
    workspaceId,
    body,
    query: undefined,
    params: undefined,
    userId: null,
    email: null,
    tokenHash: null,
  } as AuditInput<O>;
  return describedRead(operation, input);
}

describe('teams, reported by their own handlers', () => {
  it('are recorded created, renamed with new members, saved unchanged and removed', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const [sales, help] = [`sales@${ws.domain}`, `help@${ws.domain}`];
    await admin.post('/portal/api/settings/mailboxes/', {
      emails: [sales, help],
      data_from: '2026-01-01',
    });
    const created = { name: 'Support', members: [sales] };
    await expectEntryAsRead(t.db, ws.workspaceId, readOf('createTeam', ws.workspaceId, created), {
      operation: 'createTeam',
      write: () => admin.post(TEAMS, created),
    });
    const [support] = await auditRows(t.db, ws.workspaceId).then((rows) => rows.slice(-1));
    const id = Number(support?.target_id);
    const other = await admin.post(TEAMS, { name: 'Billing', members: [help] });
    const billing = other.json<{ id: number }>().id;

    const renamed = { id, name: 'Helpdesk', members: [help, sales] };
    const update = readOf('updateTeam', ws.workspaceId, renamed);
    for (let i = 0; i < 2; i += 1) {
      await expectEntryAsRead(t.db, ws.workspaceId, update, {
        operation: 'updateTeam',
        write: () => admin.patch(TEAMS, renamed),
      });
    }
    const removed = { teams: [billing, id, id] };
    await expectEntryAsRead(t.db, ws.workspaceId, readOf('deleteTeams', ws.workspaceId, removed), {
      operation: 'deleteTeams',
      many: true,
      write: () => admin.delete(TEAMS, removed),
    });

    const rows = (await auditRows(t.db, ws.workspaceId)).filter(
      (row) => row.target_type === 'team',
    );
    expect(rows.map((row) => [row.operation, row.target_name, row.before, row.after])).toEqual([
      ['createTeam', 'Support', {}, { name: 'Support', members: [sales] }],
      ['createTeam', 'Billing', {}, { name: 'Billing', members: [help] }],
      [
        'updateTeam',
        'Helpdesk',
        { name: 'Support', members: [sales] },
        { name: 'Helpdesk', members: [help, sales] },
      ],
      ['updateTeam', 'Helpdesk', {}, {}],
      [
        'deleteTeams',
        'Billing, Helpdesk',
        {
          Billing: { name: 'Billing', members: [help] },
          Helpdesk: { name: 'Helpdesk', members: [help, sales] },
        },
        {},
      ],
    ]);
  });

  it('are not recorded when the change is refused', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const count = (await auditRows(t.db, ws.workspaceId)).length;
    const members = [`viewer@${ws.domain}`];
    const missing = await admin.patch(TEAMS, { id: 999999, name: 'Nobody', members });
    expect(missing.statusCode, missing.body).toBe(404);
    expect((await admin.delete(TEAMS, { teams: [999999] })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditRows(t.db, ws.workspaceId)).toHaveLength(count);
  });
});

describe('alerts, reported by their own handlers', () => {
  it('are recorded created, paused, edited, edited again unchanged and removed', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const created = await admin.post('/portal/api/alerts/', alertInput(ws));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const [entry] = (await auditRows(t.db, ws.workspaceId)).slice(-1);
    expect(entry).toMatchObject({ operation: 'createAlert', target_id: String(id), before: {} });
    expect(entry?.after).toMatchObject({
      name: 'VIP customers',
      minutes_gap: 120,
      is_active: true,
    });

    const url = `/portal/api/alerts/${id}`;
    const paused = { alert: { is_active: false } };
    const edited = { ...alertInput(ws), name: 'VIP, sooner', minutes_gap: 60 };
    const read = readOf('deleteAlerts', ws.workspaceId, { alerts: [id] });
    const steps = [
      { operation: 'updateAlert', write: () => admin.patch(url, paused) },
      { operation: 'updateAlert', write: () => admin.patch(url, edited) },
      { operation: 'updateAlert', write: () => admin.patch(url, edited) },
      {
        operation: 'deleteAlerts',
        many: true,
        write: () => admin.delete('/portal/api/alerts/', { alerts: [id] }),
      },
    ];
    for (const step of steps) await expectEntryAsRead(t.db, ws.workspaceId, read, step);
    const rows = (await auditRows(t.db, ws.workspaceId)).slice(-4);
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [{ is_active: true }, { is_active: false }],
      [
        { name: 'VIP customers', minutes_gap: 120 },
        { name: 'VIP, sooner', minutes_gap: 60 },
      ],
      [{}, {}],
      [{ 'VIP, sooner': expect.any(Object) as object }, {}],
    ]);
  });

  it('are not recorded when an edit is refused, a bad body before a missing alert', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const count = (await auditRows(t.db, ws.workspaceId)).length;
    const bad = { ...alertInput(ws), name: '   ' };
    expect((await admin.patch('/portal/api/alerts/999999', bad)).statusCode).toBe(400);
    const missing = await admin.patch('/portal/api/alerts/999999', alertInput(ws));
    expect(missing.statusCode).toBe(404);
    const pause = await admin.patch('/portal/api/alerts/999999', { alert: { is_active: false } });
    expect(pause.statusCode).toBe(404);
    expect(await auditRows(t.db, ws.workspaceId)).toHaveLength(count);
  });
});
