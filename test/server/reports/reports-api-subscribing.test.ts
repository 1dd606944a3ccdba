import { describe, expect, it } from 'vitest';
import { expectOk } from '../support/reports';
import { REPORTS, reportsApi, type Subscription } from '../support/reports-api';
import { setUpTestApp } from '../support/suite';

// The subscriptions API: who may subscribe whom to what, and what a bad request leaves (nothing).
// Changing and ending subscriptions, the choices and the feature switch are in
// reports-api-managing.test.ts.

const t = setUpTestApp('rapi');
const { as, fresh, expectRefused } = reportsApi(t);

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
