import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import {
  RebuildBusyError,
  rebuildWorkspaceStats,
  runDueRebuilds,
} from '../../../server/stats/rebuild';
import { client } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { addMailbox, mailboxOf, statsScenario } from '../support/stats';

// Who sees what (admin all, manager granted mailboxes and teams' members, viewer their own),
// refusals (403 for a filter naming what the caller may not see, 400 for bad ranges), the CSV
// export and the daily rebuild's schedule and lease.

type Summary = components['schemas']['StatsSummary'];

const t = setUpTestApp('access');
const WEEK = 'from=2026-11-23&to=2026-11-29';
const AT = '2026-11-23T09:00:00Z';

/** sales@ (granted to the manager), support@ (in the manager's team), other@ and viewer@. */
async function rolesScenario() {
  const s = await statsScenario(t);
  const { ws } = s;
  const support = await addMailbox(t.db, ws.workspaceId, `support@${ws.domain}`);
  const other = await addMailbox(t.db, ws.workspaceId, `other@${ws.domain}`);
  const viewer = await mailboxOf(t.db, ws.workspaceId, `viewer@${ws.domain}`);
  const [team] = await t.db.query<{ team_id: number }>(
    `insert into teams (workspace_id, name) values ($1, 'Support') returning team_id`,
    [ws.workspaceId],
  );
  const [otherTeam] = await t.db.query<{ team_id: number }>(
    `insert into teams (workspace_id, name) values ($1, 'Other') returning team_id`,
    [ws.workspaceId],
  );
  await t.db.query(
    `insert into team_members (workspace_id, team_id, mailbox_id) values ($1, $2, $3), ($1, $4, $5);
     `,
    [ws.workspaceId, team!.team_id, support.mailboxId, otherTeam!.team_id, other.mailboxId],
  );
  await t.db.query(
    `insert into manager_mailboxes (workspace_id, user_id, mailbox_id) values ($1, $2, $3)`,
    [ws.workspaceId, ws.manager.userId, s.sales.mailboxId],
  );
  await t.db.query(
    `insert into manager_teams (workspace_id, user_id, team_id) values ($1, $2, $3)`,
    [ws.workspaceId, ws.manager.userId, team!.team_id],
  );
  // One message per mailbox, 1, 2, 4 and 8 of them, so each total names its mailboxes.
  const counts: [typeof other, number][] = [
    [s.sales, 1],
    [support, 2],
    [other, 4],
    [viewer, 8],
  ];
  for (const [mailbox, n] of counts) {
    await s.insert(
      Array.from({ length: n }, (_, i) => ({ thread: `x${i}`, at: AT })),
      mailbox,
    );
  }
  await s.rebuild();
  const as = (token: string) => async (query: string) =>
    client(t.app, token).get(`/portal/api/stats/summary?${WEEK}${query}`);
  return {
    ws,
    teams: { support: team!.team_id, other: otherTeam!.team_id },
    admin: as(ws.admin.token),
    manager: as(ws.manager.token),
    viewer: as(ws.viewer.token),
  };
}

const received = async (reply: Promise<{ statusCode: number; json: <T>() => T }>) => {
  const settled = await reply;
  expect(settled.statusCode).toBe(200);
  return settled.json<Summary>().received;
};

describe('roles', () => {
  it('admin sees every mailbox, manager granted ones and team members, viewer their own', async () => {
    const r = await rolesScenario();
    expect(await received(r.admin(''))).toBe(15);
    expect(await received(r.manager(''))).toBe(3);
    expect(await received(r.viewer(''))).toBe(8);
    expect(await received(r.manager(`&teams=${r.teams.support}`))).toBe(2);
    expect(await received(r.admin(`&mailboxes=OTHER@${r.ws.domain}`))).toBe(4);
  });

  it('a filter naming a mailbox, team or group the caller may not see answers 403', async () => {
    const r = await rolesScenario();
    const refusals = [
      [r.manager(`&mailboxes=other@${r.ws.domain}`), `other@${r.ws.domain}`],
      [r.viewer(`&mailboxes=sales@${r.ws.domain}`), `sales@${r.ws.domain}`],
      [r.manager(`&teams=${r.teams.other}`), `team ${r.teams.other}`],
      [r.viewer(`&teams=${r.teams.support}`), `team ${r.teams.support}`],
      [r.admin('&contact_groups=Nobody'), 'Nobody'],
    ] as const;
    for (const [reply, named] of refusals) {
      const settled = await reply;
      expect(settled.statusCode).toBe(403);
      expect(settled.json<{ message: string }>().message).toContain(named);
    }
  });

  it('a bad date, an inverted range or one over two years answers 400 naming the field', async () => {
    const r = await rolesScenario();
    const cases = [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-01&to=tomorrow', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to (2026-03-01) is before from'],
      ['from=2024-01-01&to=2026-01-01', 'over two years'],
      ['to=2026-01-01', 'from'],
    ] as const;
    for (const [query, named] of cases) {
      const reply = await client(t.app, r.ws.admin.token).get(`/portal/api/stats/summary?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json<{ message: string }>().message).toContain(named);
    }
    const fine = await client(t.app, r.ws.admin.token).get(
      '/portal/api/stats/summary?from=2024-01-01&to=2025-12-31',
    );
    expect(fine.statusCode).toBe(200);
  });
});

describe('export.csv', () => {
  it('is the breakdown with a header row, RFC 4180 quoting and formulas neutralised', async () => {
    const s = await statsScenario(t);
    await t.db.query(
      `insert into teams (workspace_id, name) values ($1, '=HYPERLINK("x")'), ($1, 'Sales, EU')`,
      [s.ws.workspaceId],
    );
    await t.db.query(
      `insert into team_members (workspace_id, team_id, mailbox_id)
       select $1, team_id, $2 from teams where workspace_id = $1`,
      [s.ws.workspaceId, s.sales.mailboxId],
    );
    await s.insert([{ at: AT }, { direction: 'outbound', at: '2026-11-23T10:00:00Z' }]);
    await s.rebuild();
    const reply = await client(t.app, s.ws.admin.token).get(
      `/portal/api/stats/export.csv?${WEEK}&by=team`,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = reply.body.split('\r\n');
    expect(lines[0]).toMatch(/^team,received,sent,replied,unreplied,awaiting,internal,automated,/);
    const times = '3600,3600,3600,3600,3600,3600,3600,3600,3600,3600,3600,3600';
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""x"")",1,1,1,0,0,0,0,${times},7200,1`,
      `"Sales, EU",1,1,1,0,0,0,0,${times},7200,1`,
      '',
    ]);
  });
});

describe('rebuilds', () => {
  it('runs due rebuilds and schedules the next at 00:01 in the company timezone', async () => {
    const s = await statsScenario(t);
    const now = new Date('2026-11-23T15:00:00Z');
    const done = await runDueRebuilds(t.db, 'worker-1', now);
    expect(done.map((result) => result.workspaceId)).toContain(s.ws.workspaceId);
    const [state] = await t.db.query<{ next: string }>(
      `select next_rebuild_at as next from stats_state where workspace_id = $1`,
      [s.ws.workspaceId],
    );
    expect(state?.next).toBe('2026-11-23T23:01:00.000Z'); // 00:01 on Tuesday in Madrid
    expect(await runDueRebuilds(t.db, 'worker-1', now)).toEqual([]);
  });

  it('refuses a second rebuild while another holds the lease', async () => {
    const s = await statsScenario(t);
    await rebuildWorkspaceStats(t.db, s.ws.workspaceId);
    await t.db.query(
      `update stats_state set lease_owner = 'elsewhere', lease_expires_at = now() + interval '5 minutes'
        where workspace_id = $1`,
      [s.ws.workspaceId],
    );
    await expect(rebuildWorkspaceStats(t.db, s.ws.workspaceId)).rejects.toThrow(RebuildBusyError);
  });
});

describe('stats:rebuild', () => {
  it('rebuilds a workspace now and says what it computed; an unknown workspace changes nothing', async () => {
    const s = await statsScenario(t);
    await s.insert([{ at: AT }, { direction: 'outbound', at: '2026-11-23T10:00:00Z' }]);
    const run = (line: string) => runCommand(t.db, parseCommand(line.split(' ')));
    expect(await run(`stats:rebuild --workspace ${s.ws.workspaceId}`)).toEqual([
      `workspace ${s.ws.workspaceId}: statistics rebuilt (generation 1, 2 messages, 1 requests)`,
    ]);
    expect((await s.get<Summary>('summary', { from: '2026-11-23', to: '2026-11-23' })).sent).toBe(
      1,
    );
    await expect(run('stats:rebuild --workspace 999999')).rejects.toThrow(/no such workspace/);
  });
});
