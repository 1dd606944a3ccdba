import { describe, expect, it } from 'vitest';
import { auditRows } from '../support/audit';
import { alertInput } from '../support/settings-sweep';
import { setUpTestApp } from '../support/suite';

// What an entry says: the changed fields only, secrets masked, nothing for a refused write.

const t = setUpTestApp('audit-entries');

const last = async (workspaceId: number) => (await auditRows(t.db, workspaceId)).at(-1);

describe('an audit entry', () => {
  it('holds only the fields that changed, before and after, and names its target', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const sales = `sales@${ws.domain}`;
    await admin.post('/portal/api/settings/mailboxes/', {
      emails: [sales],
      data_from: '2026-01-01',
    });
    const team = await admin.post('/portal/api/settings/teams/', {
      name: 'Support',
      members: [sales],
    });
    const id = team.json<{ id: number }>().id;
    await admin.patch('/portal/api/settings/teams/', { id, name: 'Helpdesk', members: [sales] });
    expect(await last(ws.workspaceId)).toMatchObject({
      operation: 'updateTeam',
      target_type: 'team',
      target_id: String(id),
      target_name: 'Helpdesk',
      before: { name: 'Support' },
      after: { name: 'Helpdesk' },
    });
  });

  it('records a pause as the one field it changes', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const alert = await admin.post('/portal/api/alerts/', alertInput(ws));
    const id = alert.json<{ id: number }>().id;
    await admin.patch(`/portal/api/alerts/${id}`, { alert: { is_active: false } });
    expect(await last(ws.workspaceId)).toMatchObject({
      operation: 'updateAlert',
      target_name: 'VIP customers',
      before: { is_active: true },
      after: { is_active: false },
    });
  });

  it('writes a webhook URL, which is a credential, as "[secret]"', async () => {
    const ws = await t.workspace();
    const hook = 'https://hooks.slack.example/services/T0001/B0001/Xq9ZsecretPart';
    const reply = await t.admin(ws).post('/portal/api/alerts/', {
      ...alertInput(ws),
      notify_webhook: hook,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const entry = await last(ws.workspaceId);
    expect(entry).toMatchObject({ operation: 'createAlert', before: {} });
    expect(entry?.after).toMatchObject({ name: 'VIP customers', notify_webhook: '[secret]' });
    expect(JSON.stringify(entry)).not.toContain('Xq9ZsecretPart');
  });

  it('is not written for a refused write, which changes nothing', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const members = [`sales@${ws.domain}`];
    await admin.post('/portal/api/settings/mailboxes/', {
      emails: members,
      data_from: '2026-01-01',
    });
    await admin.post('/portal/api/settings/teams/', { name: 'Support', members });
    const count = (await auditRows(t.db, ws.workspaceId)).length;
    expect(count).toBe(2);
    const again = await admin.post('/portal/api/settings/teams/', { name: 'support', members });
    expect(again.statusCode).toBe(400);
    const missing = await admin.delete('/portal/api/settings/holidays/2031-01-01');
    expect(missing.statusCode).toBe(404);
    expect(await auditRows(t.db, ws.workspaceId)).toHaveLength(count);
  });

  it('is written once for a write that changed nothing, with nothing before or after', async () => {
    const ws = await t.workspace();
    const admin = t.admin(ws);
    const hours = {
      business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '17:00:00' }],
      timezone: 'UTC',
    };
    await admin.post('/portal/api/settings/company-business-hours/', hours);
    await admin.post('/portal/api/settings/company-business-hours/', hours);
    const rows = await auditRows(t.db, ws.workspaceId);
    expect(rows.slice(-2).map((row) => [row.operation, row.before, row.after])).toEqual([
      ['setCompanyBusinessHours', {}, { timezone: 'UTC', business_hours: hours.business_hours }],
      ['setCompanyBusinessHours', {}, {}],
    ]);
  });
});
