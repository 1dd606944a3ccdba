import { beforeAll, describe, expect, it } from 'vitest';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { insertSubscription } from '../../../server/repos/reports';
import { queueDueReports } from '../../../server/reports/queue';
import { reportsWithMail, subscribe, type ReportsWorkspace } from '../support/reports';
import { setUpTestApp } from '../support/suite';

// The operator's report commands: the list, tab-separated, and a report sent now.

const t = setUpTestApp('rcli');
let r: ReportsWorkspace;

beforeAll(async () => {
  r = await reportsWithMail(t);
});

const cli = (line: string) =>
  executeArgv(
    {
      db: t.db,
      config: loadConfig({ PUBLIC_URL: 'https://mailpulse.example' }),
      secrets: () => Promise.reject(new Error('no secrets needed')),
    },
    line.split(' '),
  );

describe('reports:list', () => {
  it('prints recipient, frequency, filters, last sent and next due, one line each', async () => {
    const fields = {
      frequency: 'weekly',
      narrowedBy: 'none',
      mailboxIds: [],
      teamIds: [],
    } as const;
    await t.db.transaction((tx) =>
      insertSubscription(
        tx,
        r.ws.workspaceId,
        r.ws.admin.userId,
        fields,
        new Date('2026-11-18T12:00:00Z'),
      ),
    );
    await subscribe(t, r.ws.manager.token, { frequency: 'daily', teams: [r.teams.sales] });
    await subscribe(t, r.ws.viewer.token, { frequency: 'monthly', mailboxes: [r.ws.viewer.email] });
    await queueDueReports(t.db, {
      owner: 'cli-test',
      now: new Date('2026-11-23T07:00:00Z'),
      publicUrl: 'https://mailpulse.example',
    });
    await t.db.query(
      `update outbound_requests set delivered_at = '2026-11-23T07:00:02Z'
                       where workspace_id = $1`,
      [r.ws.workspaceId],
    );
    const outcome = await cli(`reports:list --workspace ${r.ws.workspaceId}`);
    expect(outcome.code).toBe(0);
    const lines = outcome.stdout.map((line) => line.split('\t'));
    expect(lines[0]).toEqual([
      r.ws.admin.email,
      'weekly',
      'all',
      '2026-11-23T07:00:02.000Z',
      '2026-11-30T07:00:00.000Z',
    ]);
    expect(lines[1]?.slice(0, 4)).toEqual([r.ws.manager.email, 'daily', 'teams Sales', 'never']);
    expect(lines[2]?.slice(0, 4)).toEqual([
      r.ws.viewer.email,
      'monthly',
      `mailboxes ${r.ws.viewer.email}`,
      'never',
    ]);
    expect(lines[2]?.[4]).toMatch(/^\d{4}-\d{2}-01T0[67]:00:00\.000Z$/);
  });
});

describe('reports:send', () => {
  it("queues each of the person's reports for the period holding the date", async () => {
    const outcome = await cli(
      `reports:send --workspace ${r.ws.workspaceId} --email ${r.ws.manager.email.toUpperCase()} --period 2026-11-18`,
    );
    expect(outcome).toEqual({
      code: 0,
      stdout: [`queued the daily report for Nov 18, 2026 to ${r.ws.manager.email}`],
      stderr: [],
    });
    const [row] = await t.db.query<{ to: string; on_demand: boolean }>(
      `select payload ->> 'to' as to, (payload ->> 'on_demand')::boolean as on_demand
         from outbound_requests where workspace_id = $1 and payload ->> 'to' = $2`,
      [r.ws.workspaceId, r.ws.manager.email],
    );
    expect(row).toEqual({ to: r.ws.manager.email, on_demand: true });
  });

  it.each([
    ['--email nobody@nowhere.example', /no report subscription/],
    ['--email not-an-address', /--email: "not-an-address" is not an email address/],
    ['--period 2026-02-30', /--period must be a date/],
    ['--period 2099-01-01', /has not ended yet/],
  ])('refuses %s, exiting 2 and queueing nothing', async (flags, message) => {
    const before = await t.db.query(`select count(*)::int as n from outbound_requests`);
    const email = flags.startsWith('--email') ? '' : `--email ${r.ws.admin.email} `;
    const outcome = await cli(`reports:send --workspace ${r.ws.workspaceId} ${email}${flags}`);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr.join('\n')).toMatch(message);
    expect(await t.db.query(`select count(*)::int as n from outbound_requests`)).toEqual(before);
  });
});
