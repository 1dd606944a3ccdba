import { describe, expect, it } from 'vitest';
import { setFeature } from '../support/app';
import { expectOk } from '../support/reports';
import { REPORTS, reportsApi, type Subscription } from '../support/reports-api';
import { setUpTestApp } from '../support/suite';

// The subscriptions API once there are some: who may change and end them (and that a removed
// user's end with them), the choices a recipient gets, and the feature switch. Subscribing is in
// reports-api-subscribing.test.ts.

const t = setUpTestApp('rmanage');
const { as, fresh, expectRefused } = reportsApi(t);

describe('changing and ending subscriptions', () => {
  it('lets the recipient and admins edit and remove, and nobody else', async () => {
    const r = await fresh();
    const mine = expectOk(
      await as(r.ws.viewer.token).post(REPORTS, { frequency: 'weekly' }),
    ).json<Subscription>();
    const edited = await as(r.ws.viewer.token).patch(`${REPORTS}${mine.id}`, {
      frequency: 'daily',
      mailboxes: [r.ws.viewer.email],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Subscription>()).toMatchObject({
      frequency: 'daily',
      mailboxes: [r.ws.viewer.email],
    });
    await expectRefused(
      r,
      () => as(r.ws.manager.token).patch(`${REPORTS}${mine.id}`, { frequency: 'monthly' }),
      404,
      'That report does not exist; reload the list.',
    );
    await expectRefused(
      r,
      () => as(r.ws.manager.token).delete(REPORTS, { subscriptions: [mine.id] }),
      404,
      'Some of these reports do not exist; reload the list.',
    );
    const byAdmin = await as(r.ws.admin.token).patch(`${REPORTS}${mine.id}`, {
      frequency: 'monthly',
    });
    expect(byAdmin.json<Subscription>()).toMatchObject({ frequency: 'monthly', mailboxes: [] });
    const removed = await as(r.ws.viewer.token).delete(REPORTS, { subscriptions: [mine.id] });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(
      expectOk(await as(r.ws.admin.token).get(REPORTS)).json<{ subscriptions: [] }>().subscriptions,
    ).toEqual([]);
  });

  it("ends a removed user's subscriptions with them", async () => {
    const r = await fresh();
    expectOk(await as(r.ws.manager.token).post(REPORTS, { frequency: 'weekly' }));
    expectOk(
      await as(r.ws.admin.token).delete('/portal/api/settings/users/', {
        emails: [r.ws.manager.email],
      }),
    );
    const rows = await t.db.query(`select 1 from report_subscriptions where workspace_id = $1`, [
      r.ws.workspaceId,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('choices', () => {
  it('are what the recipient may see', async () => {
    const r = await fresh();
    const of = async (token: string, email: string) =>
      as(token).get(`${REPORTS}choices?email=${encodeURIComponent(email)}`);
    const manager = expectOk(await of(r.ws.admin.token, r.ws.manager.email)).json<unknown>();
    expect(manager).toEqual({
      email: r.ws.manager.email,
      mailboxes: [{ email: r.sales.email, full_name: '' }],
      teams: [{ id: r.teams.sales, name: 'Sales' }],
    });
    const viewer = expectOk(await of(r.ws.viewer.token, r.ws.viewer.email)).json<{
      mailboxes: { email: string }[];
      teams: [];
    }>();
    expect(viewer.mailboxes.map((m) => m.email)).toEqual([r.ws.viewer.email]);
    expect(viewer.teams).toEqual([]);
    expect((await of(r.ws.viewer.token, r.ws.admin.email)).statusCode).toBe(403);
    expect((await of(r.ws.admin.token, `ghost@${r.ws.domain}`)).statusCode).toBe(404);
  });
});

describe('the reports feature', () => {
  it('when disabled refuses every call; when read-only refuses changes but sends copies', async () => {
    const r = await fresh();
    const viewer = as(r.ws.viewer.token);
    const mine = expectOk(await viewer.post(REPORTS, { frequency: 'weekly' })).json<Subscription>();
    await setFeature(t.db, r.ws.workspaceId, 'reports', true, true);
    expect((await viewer.get(REPORTS)).statusCode).toBe(200);
    await expectRefused(
      r,
      () => viewer.post(REPORTS, { frequency: 'daily' }),
      403,
      'The reports feature is read-only for this workspace.',
    );
    expect((await viewer.post(`${REPORTS}${mine.id}/send`)).statusCode).toBe(202);
    await setFeature(t.db, r.ws.workspaceId, 'reports', false, false);
    for (const reply of [
      await viewer.get(REPORTS),
      await viewer.post(`${REPORTS}${mine.id}/send`),
      await viewer.delete(REPORTS, { subscriptions: [mine.id] }),
    ]) {
      expect(reply.statusCode, reply.body).toBe(403);
    }
  });
});
