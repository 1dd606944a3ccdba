import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { client } from '../support/app';
import {
  alertOutbox,
  createAlert,
  engineWorkspace,
  evaluateAt,
  rebuildFacts,
} from '../support/alert-engine';
import { auditRows } from '../support/audit';
import { insertMessages, mailboxOf, statsScenario } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// Closed by hand (docs/statistics.md, "Closed by hand"): "Mark as done" on the unreplied list
// closes a request as definition 5 does (it stays received and unreplied, and leaves awaiting
// and the list), Undo reopens it, and a later message of the customer starts a new open
// request. The server's clock is injected: closures happen at `clock`.

type Summary = components['schemas']['StatsSummary'];
type Unreplied = components['schemas']['StatsUnrepliedPage'];

let clock = new Date('2026-11-24T12:00:00Z');
const t = setUpTestApp('closed-by-hand', { sessionClock: () => clock });
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const CARLA = 'carla@client.example';

const closure = (id: string) => `/portal/api/stats/unreplied/${encodeURIComponent(id)}/closure`;

async function scenario() {
  clock = new Date('2026-11-24T12:00:00Z');
  const s = await statsScenario(t);
  await s.insert([
    { thread: 'c1', at: '2026-11-23T09:00:00Z', from: CARLA, subject: 'Invoice' },
    { thread: 'c1', at: '2026-11-23T10:00:00Z', from: CARLA, subject: 'Re: Invoice' },
    { thread: 'd1', at: '2026-11-23T11:00:00Z', from: 'dan@other.example', subject: 'Hello' },
  ]);
  await s.rebuild();
  const list = () => s.get<Unreplied>('unreplied', WEEK);
  const summary = () => s.get<Summary>('summary', WEEK);
  const invoice = (await list()).unreplied.find((row) => row.subject === 'Invoice');
  if (!invoice) throw new Error('the invoice request is not listed');
  const as = (token: string) => ({
    close: (id: string) => client(t.app, token).request('PUT', closure(id)),
    reopen: (id: string) => client(t.app, token).delete(closure(id)),
  });
  return { ...s, list, summary, id: invoice.id, admin: as(s.ws.admin.token), as };
}

describe('a request closed by hand', () => {
  it('leaves awaiting and the unreplied list, stays received and unreplied, and Undo restores it', async () => {
    const s = await scenario();
    expect(await s.summary()).toMatchObject({ received: 3, unreplied: 3, awaiting: 2 });
    const closed = await s.admin.close(s.id);
    expect(closed.statusCode, closed.body).toBe(204);
    expect(await s.summary()).toMatchObject({ received: 3, unreplied: 3, awaiting: 1 });
    const list = await s.list();
    expect(list.total).toBe(1);
    expect(list.unreplied.map((row) => row.subject)).toEqual(['Hello']);
    // Closing it again changes nothing.
    expect((await s.admin.close(s.id)).statusCode).toBe(204);
    // A rebuild keeps the closure.
    await s.rebuild();
    expect(await s.summary()).toMatchObject({ awaiting: 1 });

    const reopened = await s.admin.reopen(s.id);
    expect(reopened.statusCode, reopened.body).toBe(204);
    expect(await s.summary()).toMatchObject({ received: 3, unreplied: 3, awaiting: 2 });
    expect((await s.list()).unreplied.map((row) => row.id)).toContain(s.id);
    expect((await s.admin.reopen(s.id)).statusCode).toBe(404);

    const entries = (await auditRows(t.db, s.ws.workspaceId)).filter((row) =>
      ['closeRequest', 'reopenRequest'].includes(row.operation),
    );
    expect(entries.map((row) => [row.operation, row.target_type, row.before, row.after])).toEqual([
      ['closeRequest', 'request', { closed_at: null }, { closed_at: '2026-11-24T12:00:00.000Z' }],
      ['closeRequest', 'request', {}, {}],
      ['reopenRequest', 'request', { closed_at: '2026-11-24T12:00:00.000Z' }, { closed_at: null }],
    ]);
    expect(entries[0]?.target_name).toBe(`Invoice (${CARLA})`);
  });

  it('a later message of the customer in that conversation is a new, open request', async () => {
    const s = await scenario();
    expect((await s.admin.close(s.id)).statusCode).toBe(204);
    clock = new Date('2026-11-25T12:00:00Z');
    await s.insert([
      { thread: 'c1', at: '2026-11-25T09:00:00Z', from: CARLA, subject: 'Re: Invoice' },
    ]);
    await t.db.transaction((tx) =>
      refreshThreadFacts(tx, s.ws.workspaceId, s.sales.mailboxId, ['c1']),
    );
    const expectOpenAgain = async () => {
      expect(await s.summary()).toMatchObject({ received: 4, unreplied: 4, awaiting: 2 });
      const list = await s.list();
      const rows = list.unreplied.map((row) => [row.subject, row.received]);
      expect(rows).toContainEqual(['Re: Invoice', '2026-11-25T09:00:00.000Z']);
      expect(list.unreplied.map((row) => row.id)).not.toContain(s.id);
    };
    await expectOpenAgain();
    await s.rebuild();
    await expectOpenAgain();
  });

  it('is for whoever may see the mailbox: others get 404, a bad id 400', async () => {
    const s = await scenario();
    const { ws } = s;
    const viewer = await mailboxOf(t.db, ws.workspaceId, `viewer@${ws.domain}`);
    await s.insert([{ thread: 'v1', at: '2026-11-23T12:00:00Z', from: CARLA }], viewer);
    await s.rebuild();
    const mine = (await s.list()).unreplied.find((row) => row.mailbox === viewer.email);
    if (!mine) throw new Error('the viewer request is not listed');
    // The manager is granted no mailbox: sales@'s request is not found for them, nor the viewer.
    const manager = s.as(ws.manager.token);
    const asViewer = s.as(ws.viewer.token);
    for (const reply of [await manager.close(s.id), await asViewer.close(s.id)]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json<{ message: string }>().message).toMatch(/^id: no waiting request/);
    }
    expect((await s.summary()).awaiting).toBe(3);
    expect((await asViewer.close(mine.id)).statusCode).toBe(204);
    expect((await s.summary()).awaiting).toBe(2);
    expect((await manager.reopen(mine.id)).statusCode).toBe(404);
    expect((await asViewer.reopen(mine.id)).statusCode).toBe(204);
    const bad = await s.admin.close('sales');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/id/);
  });
});

describe('an alert', () => {
  it('does not fire for a request closed by hand', async () => {
    clock = new Date('2026-11-21T12:00:00Z');
    const e = await engineWorkspace(t);
    await createAlert(t, e, { watchingSince: '2026-11-16T00:00:00Z' });
    await insertMessages(t.db, e.mailbox, [
      { thread: 'o', at: '2026-11-20T16:00:00Z', from: 'ann@client.example', subject: 'Order' },
    ]);
    await rebuildFacts(t.db, e);
    const admin = client(t.app, e.ws.admin.token);
    const list = await admin.get('/portal/api/stats/unreplied?from=2026-11-16&to=2026-11-22');
    const [row] = list.json<Unreplied>().unreplied;
    if (!row) throw new Error('the request is not listed');
    expect((await admin.request('PUT', closure(row.id))).statusCode).toBe(204);
    expect(await evaluateAt(t.db, '2026-11-23T10:00:00Z')).toMatchObject({ notified: 0 });
    expect(await alertOutbox(t.db, e.ws.workspaceId)).toEqual([]);
  });
});
