import { describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/auth/tokens';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { seedDemoWorkspace } from '../../../server/seed/demo';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { client } from '../support/app';
import { statsScenario } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// workspace:delete (issue 45, part 7): every row of the workspace, in every table that has a
// workspace_id (read from the catalog, as keys-catalog.test.ts does), its sessions at once, and
// nothing of any other workspace.

const t = setUpTestApp('delete');

const cli = (...argv: string[]) =>
  executeArgv(
    { db: t.db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets')) },
    argv,
  );

/** Rows of the workspace per table that has a workspace_id column, only where there are some. */
async function rowsOf(workspaceId: number): Promise<Record<string, number>> {
  const tables = await t.db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
        and a.attname = 'workspace_id' and not a.attisdropped order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from "${name}" where workspace_id = $1`,
      [workspaceId],
    );
    if (row && row.n > 0) counts[name] = row.n;
  }
  return counts;
}

/** Another workspace's mail and figures, to be left as they were. */
async function bystander() {
  const other = await statsScenario(t);
  await other.insert([
    { at: '2026-11-23T09:00:00Z' },
    { direction: 'outbound', at: '2026-11-23T10:30:00Z' },
    { at: '2026-11-24T09:00:00Z' },
  ]);
  await other.rebuild();
  const summary = () => other.get('summary', { from: '2026-11-01', to: '2026-11-30' });
  return { other, summary, before: await summary(), rows: await rowsOf(other.ws.workspaceId) };
}

describe('workspace:delete', () => {
  it('removes every row of the demo workspace from every table, and nothing of another', async () => {
    const demoId = await t.db.transaction((tx) => seedDemoWorkspace(tx));
    await rebuildWorkspaceStats(t.db, demoId);
    const [ada] = await t.db.query<{ user_id: number }>(
      `select user_id from users where workspace_id = $1 and role = 'admin'`,
      [demoId],
    );
    const token = await t.db.transaction((tx) => issueToken(tx, demoId, ada!.user_id, 30));
    const others = await bystander();
    const seeded = await rowsOf(demoId);
    expect(Object.keys(seeded).length).toBeGreaterThan(20);
    expect(seeded.messages).toBeGreaterThan(1000);
    expect((await client(t.app, token).get('/portal/api/dashboard/filters')).statusCode).not.toBe(
      401,
    );

    const outcome = await cli(
      'workspace:delete',
      '--workspace',
      String(demoId),
      '--confirm',
      'Acme',
    );

    const total = Object.values(seeded).reduce((sum, n) => sum + n, 0);
    expect(outcome).toEqual({
      code: 0,
      stdout: [`workspace ${demoId} (Acme) deleted: ${total} rows`],
      stderr: [],
    });
    expect(await rowsOf(demoId)).toEqual({});
    expect((await client(t.app, token).get('/portal/api/dashboard/filters')).statusCode).toBe(401);
    expect(await rowsOf(others.other.ws.workspaceId)).toEqual(others.rows);
    expect(await others.summary()).toEqual(others.before);
  });

  it('refuses a name that is not the workspace’s, and an unknown workspace, changing nothing', async () => {
    const { ws } = await statsScenario(t);
    const before = await rowsOf(ws.workspaceId);
    const id = String(ws.workspaceId);

    expect(await cli('workspace:delete', '--workspace', id, '--confirm', 'Acme')).toEqual({
      code: 2,
      stdout: [],
      stderr: [
        `error: --confirm: workspace ${id} is named "${ws.name}"; give that name to delete it`,
      ],
    });
    expect(await cli('workspace:delete', '--workspace', '999999', '--confirm', 'Acme')).toEqual({
      code: 2,
      stdout: [],
      stderr: ['error: --workspace 999999: no such workspace'],
    });
    expect((await cli('workspace:delete', '--workspace', id)).stderr).toEqual([
      'error: --confirm is required',
    ]);
    expect(await rowsOf(ws.workspaceId)).toEqual(before);
    expect(
      (await client(t.app, ws.admin.token).get('/portal/api/dashboard/filters')).statusCode,
    ).toBe(200);
  });
});
