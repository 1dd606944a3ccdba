import { describe, expect, it } from 'vitest';
import { client, setFeature } from '../support/app';
import { expectOk, reportsWorkspace, type ReportsWorkspace } from '../support/reports';
import { snapshotWorkspace } from '../support/settings-sweep';
import { setUpTestApp } from '../support/suite';

// The subscriptions API: who may subscribe whom to what, and what a bad request leaves (nothing).

const t = setUpTestApp('rapi');
const REPORTS = '/portal/api/reports/';

interface Subscription {
  id: number;
  email: string;
  frequency: string;
  mailboxes: string[];
  teams: { id: number; name: string }[];
  next_due: string;
  last_sent: string | null;
}

const as = (token: string) => client(t.app, token);

async function fresh(): Promise<ReportsWorkspace> {
  return reportsWorkspace(t);
}

async function expectRefused(
  r: ReportsWorkspace,
  call: () => ReturnType<ReturnType<typeof client>['post']>,
  status: number,
  message: string | RegExp,
) {
  const before = await snapshotWorkspace(t.db, r.ws.workspaceId);
  const reply = await call();
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.json<{ message: string }>().message).toMatch(message);
  expect(await snapshotWorkspace(t.db, r.ws.workspaceId)).toEqual(before);
}

describe('subscribing', () => {
  it('lets anyone subscribe themself, and lists each person only their own', async () => {
    const r = await fresh();
    for (const session of [r.ws.admin, r.ws.manager, r.ws.viewer]) {
      const reply = expectOk(await as(session.token).post(REPORTS, { frequency: 'weekly' }));
      expect(reply.statusCode).toBe(201);
      expect(reply.json<Subscription>()).toMatchObject({
        email: session.email,
        frequency: 'weekly',
        mailboxes: [],
        teams: [],
        last_sent: null,
      });
    }
    const mine = expectOk(await as(r.ws.viewer.token).get(REPORTS)).json<{
      subscriptions: Subscription[];
      max_per_user: number;
    }>();
    expect(mine.subscriptions.map((s) => s.email)).toEqual([r.ws.viewer.email]);
    expect(mine.max_per_user).toBe(10);
    const all = expectOk(await as(r.ws.admin.token).get(REPORTS)).json<{
      subscriptions: Subscription[];
    }>();
    expect(all.subscriptions.map((s) => s.email)).toEqual([
      r.ws.admin.email,
      r.ws.manager.email,
      r.ws.viewer.email,
    ]);
  });

  it('lets an admin subscribe someone else, narrowed to what that person may see', async () => {
    const r = await fresh();
    const reply = await as(r.ws.admin.token).post(REPORTS, {
      email: r.ws.manager.email.toUpperCase(),
      frequency: 'daily',
      teams: [r.teams.sales],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<Subscription>()).toMatchObject({
      email: r.ws.manager.email,
      teams: [{ id: r.teams.sales, name: 'Sales' }],
    });
    await expectRefused(
      r,
      () =>
        as(r.ws.admin.token).post(REPORTS, {
          email: r.ws.manager.email,
          frequency: 'daily',
          teams: [r.teams.billing],
        }),
      403,
      `${r.ws.manager.email} may not see team ${r.teams.billing}.`,
    );
  });

  it('refuses a manager subscribing someone else (403), and stores nothing', async () => {
    const r = await fresh();
    await expectRefused(
      r,
      () => as(r.ws.manager.token).post(REPORTS, { email: r.ws.viewer.email, frequency: 'weekly' }),
      403,
      'Only an admin may subscribe someone else.',
    );
  });

  it("refuses a viewer's narrowing to a mailbox she cannot see (403), and stores nothing", async () => {
    const r = await fresh();
    await expectRefused(
      r,
      () =>
        as(r.ws.viewer.token).post(REPORTS, { frequency: 'weekly', mailboxes: [r.sales.email] }),
      403,
      `You may not see the mailbox ${r.sales.email}.`,
    );
    await expectRefused(
      r,
      () => as(r.ws.viewer.token).post(REPORTS, { frequency: 'weekly', teams: [r.teams.sales] }),
      403,
      `You may not see team ${r.teams.sales}.`,
    );
    const own = await as(r.ws.viewer.token).post(REPORTS, {
      frequency: 'weekly',
      mailboxes: [r.ws.viewer.email],
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('refuses bad bodies with 400 naming what is wrong, and stores nothing', async () => {
    const r = await fresh();
    const post = (body: unknown) => () => as(r.ws.admin.token).post(REPORTS, body);
    await expectRefused(r, post({ frequency: 'hourly' }), 400, /frequency/);
    await expectRefused(r, post({}), 400, /frequency/);
    await expectRefused(r, post({ frequency: 'weekly', colour: 'blue' }), 400, /colour/);
    await expectRefused(r, post({ frequency: 'weekly', email: 'nobody' }), 400, /email/);
    await expectRefused(r, post({ frequency: 'weekly', teams: ['x'] }), 400, /teams/);
    await expectRefused(
      r,
      post({ frequency: 'weekly', email: `ghost@${r.ws.domain}` }),
      400,
      `ghost@${r.ws.domain} is not a user of this workspace.`,
    );
    await expectRefused(
      r,
      post({ frequency: 'weekly', mailboxes: [r.sales.email], teams: [r.teams.sales] }),
      400,
      'Narrow a report by mailboxes or by teams, not both.',
    );
    await expectRefused(r, () => as(r.ws.admin.token).post(REPORTS), 400, /body/);
  });

  it('refuses the same report twice and more than ten per person', async () => {
    const r = await fresh();
    const viewer = as(r.ws.viewer.token);
    expectOk(await viewer.post(REPORTS, { frequency: 'monthly' }));
    await expectRefused(
      r,
      () => viewer.post(REPORTS, { frequency: 'monthly' }),
      400,
      'You already get this report.',
    );
    const admin = as(r.ws.admin.token);
    const boxes = [r.sales.email, r.billing.email, r.ws.viewer.email];
    for (const frequency of ['daily', 'weekly', 'monthly']) {
      for (const mailbox of boxes) {
        expectOk(await admin.post(REPORTS, { frequency, mailboxes: [mailbox] }));
      }
    }
    expectOk(await admin.post(REPORTS, { frequency: 'weekly' }));
    await expectRefused(
      r,
      () => admin.post(REPORTS, { frequency: 'daily' }),
      400,
      'A person can have at most 10 reports; remove one first.',
    );
  });
});

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
