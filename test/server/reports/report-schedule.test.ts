import { afterEach, describe, expect, it } from 'vitest';
import { insertSubscription, type ReportFields } from '../../../server/repos/reports';
import { queueDueReports } from '../../../server/reports/queue';
import { client, setFeature } from '../support/app';
import { reportsWorkspace, type ReportsWorkspace } from '../support/reports';
import { setUpTestApp } from '../support/suite';

// When reports are due: 08:00 in the company timezone (Madrid here) on both sides of a
// daylight-saving change, once per period whatever runs the scheduler and however often, the
// missed period once after an outage, and older ones passed over.

const t = setUpTestApp('rsched');

// The scheduler serves every workspace and each test sets its own clock: no test leaves a
// subscription behind for the next one's runs.
afterEach(async () => {
  await t.db.query('delete from report_subscriptions');
});
const PUBLIC_URL = 'https://mailpulse.example';

const fields = (frequency: ReportFields['frequency']): ReportFields => ({
  frequency,
  narrowedBy: 'none',
  mailboxIds: [],
  teamIds: [],
});

/** A subscription of the admin's, made at `at` (its schedule starts then). */
async function subscribedAt(r: ReportsWorkspace, frequency: ReportFields['frequency'], at: string) {
  return t.db.transaction((tx) =>
    insertSubscription(tx, r.ws.workspaceId, r.ws.admin.userId, fields(frequency), new Date(at)),
  );
}

const runAt = (at: string, owner = 'test') =>
  queueDueReports(t.db, { owner, now: new Date(at), publicUrl: PUBLIC_URL });

interface Queued {
  period_from: string;
  period_to: string;
  give_up_at: string;
}

async function queued(subscriptionId: number): Promise<Queued[]> {
  return t.db.query<Queued>(
    `select d.period_from, d.period_to, o.give_up_at from report_deliveries d
       join outbound_requests o on o.workspace_id = d.workspace_id and o.request_id = d.request_id
      where d.subscription_id = $1 order by d.period_from`,
    [subscriptionId],
  );
}

async function nextDue(r: ReportsWorkspace): Promise<string[]> {
  const reply = await client(t.app, r.ws.admin.token).get('/portal/api/reports/');
  return reply
    .json<{ subscriptions: { next_due: string }[] }>()
    .subscriptions.map((s) => s.next_due);
}

describe('a weekly report in Madrid', () => {
  it('is due at 08:00 local before and after the spring change (07:00 and 06:00 UTC)', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'weekly', '2026-03-18T12:00:00Z');
    expect(await nextDue(r)).toEqual(['2026-03-23T07:00:00.000Z']);
    expect(await runAt('2026-03-23T06:59:59Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-03-23T07:00:00Z')).toMatchObject({ queued: 1 });
    expect(await nextDue(r)).toEqual(['2026-03-30T06:00:00.000Z']);
    expect(await runAt('2026-03-30T05:59:59Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-03-30T06:00:00Z')).toMatchObject({ queued: 1 });
    expect(await queued(id)).toMatchObject([
      { period_from: '2026-03-16', period_to: '2026-03-22' },
      { period_from: '2026-03-23', period_to: '2026-03-29' },
    ]);
  });

  it('is due at 08:00 local before and after the autumn change (06:00 and 07:00 UTC)', async () => {
    const r = await reportsWorkspace(t);
    await subscribedAt(r, 'weekly', '2026-10-14T12:00:00Z');
    expect(await runAt('2026-10-19T05:59:59Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-10-19T06:00:00Z')).toMatchObject({ queued: 1 });
    expect(await runAt('2026-10-26T06:59:59Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-10-26T07:00:00Z')).toMatchObject({ queued: 1 });
  });

  it('is queued once per period, however often and by whom the scheduler runs', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'weekly', '2026-11-18T12:00:00Z');
    const runs = await Promise.all(
      ['a', 'b', 'c'].map((owner) => runAt('2026-11-23T07:00:05Z', owner)),
    );
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(1);
    expect(await runAt('2026-11-23T09:00:00Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-11-29T23:59:00Z')).toMatchObject({ queued: 0 });
    expect(await queued(id)).toHaveLength(1);
  });

  it("waits for a dead process's lease, then queues its report once", async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'weekly', '2026-11-18T12:00:00Z');
    // A process claimed it at 08:00:05 and died before committing anything.
    await t.db.query(
      `update report_subscriptions set lease_owner = 'dead', lease_expires_at = $2
        where subscription_id = $1`,
      [id, '2026-11-23T07:05:05Z'],
    );
    expect(await runAt('2026-11-23T07:01:00Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-11-23T07:05:05Z')).toMatchObject({ queued: 1 });
    expect(await queued(id)).toHaveLength(1);
  });
});

describe('missed runs', () => {
  it('sends the missed period once when the server is back, retried until the next is due', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'weekly', '2026-11-18T12:00:00Z');
    // Down from Sunday until Wednesday afternoon.
    expect(await runAt('2026-11-25T15:00:00Z')).toMatchObject({ queued: 1 });
    expect(await runAt('2026-11-25T15:00:30Z')).toMatchObject({ queued: 0 });
    expect(await queued(id)).toEqual([
      {
        period_from: '2026-11-16',
        period_to: '2026-11-22',
        give_up_at: '2026-11-26T15:00:00.000Z',
      },
    ]);
  });

  it('passes over a period whose next one is already due: only the latest is sent', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'weekly', '2026-11-04T12:00:00Z');
    // Down over two Mondays.
    expect(await runAt('2026-11-23T10:00:00Z')).toMatchObject({ queued: 1 });
    expect(await queued(id)).toMatchObject([
      { period_from: '2026-11-16', period_to: '2026-11-22' },
    ]);
  });

  it('gives a report up when the next one is due, not after a day', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'daily', '2026-11-18T12:00:00Z');
    await runAt('2026-11-20T07:00:00Z');
    expect(await queued(id)).toEqual([
      {
        period_from: '2026-11-19',
        period_to: '2026-11-19',
        give_up_at: '2026-11-21T07:00:00.000Z',
      },
    ]);
  });
});

describe('frequencies', () => {
  it('daily: Monday to Friday, Monday covering Friday to Sunday', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'daily', '2026-11-19T12:00:00Z');
    for (const day of ['20', '21', '22', '23', '24']) {
      await runAt(`2026-11-${day}T07:30:00Z`);
    }
    expect(await queued(id)).toMatchObject([
      { period_from: '2026-11-19', period_to: '2026-11-19' },
      { period_from: '2026-11-20', period_to: '2026-11-22' },
      { period_from: '2026-11-23', period_to: '2026-11-23' },
    ]);
  });

  it('monthly: the 1st, the month before', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'monthly', '2026-11-19T12:00:00Z');
    expect(await runAt('2026-12-01T06:59:00Z')).toMatchObject({ queued: 0 });
    expect(await runAt('2026-12-01T07:00:00Z')).toMatchObject({ queued: 1 });
    expect(await queued(id)).toMatchObject([
      { period_from: '2026-11-01', period_to: '2026-11-30' },
    ]);
  });
});

describe('what is not sent', () => {
  it('nothing while the reports feature is disabled; the period after it is enabled again', async () => {
    const r = await reportsWorkspace(t);
    const id = await subscribedAt(r, 'weekly', '2026-11-18T12:00:00Z');
    await setFeature(t.db, r.ws.workspaceId, 'reports', false, false);
    expect(await runAt('2026-11-23T07:00:00Z')).toMatchObject({ queued: 0 });
    await setFeature(t.db, r.ws.workspaceId, 'reports', true, true);
    expect(await runAt('2026-11-23T07:01:00Z')).toMatchObject({ queued: 1 });
    expect(await queued(id)).toHaveLength(1);
  });

  it('a report narrowed to a team that is gone: its period is passed over', async () => {
    const r = await reportsWorkspace(t);
    const narrowed: ReportFields = {
      ...fields('weekly'),
      narrowedBy: 'teams',
      teamIds: [r.teams.sales],
    };
    const id = await t.db.transaction((tx) =>
      insertSubscription(
        tx,
        r.ws.workspaceId,
        r.ws.manager.userId,
        narrowed,
        new Date('2026-11-18T12:00:00Z'),
      ),
    );
    await client(t.app, r.ws.admin.token).delete('/portal/api/settings/teams/', {
      teams: [r.teams.sales],
    });
    expect(await runAt('2026-11-23T07:00:00Z')).toMatchObject({ queued: 0, skipped: 1 });
    expect(await queued(id)).toEqual([]);
    expect(await runAt('2026-11-23T08:00:00Z')).toMatchObject({ queued: 0, skipped: 0 });
  });
});
