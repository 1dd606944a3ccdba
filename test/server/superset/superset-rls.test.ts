import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { replaceGrants } from '../../../server/repos/users';
import { setDashboard } from '../../../server/repos/workspaces';
import { startSupersetStandin } from '../../support/superset-standin';
import { client, type TestWorkspace } from '../support/app';
import { BI_WEEK, biScenario } from '../support/bi-fixtures';
import { addMailbox } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// The guest token's row-level-security clause: the workspace for an admin, and for a manager or
// viewer the mailboxes the statistics API lets them see. Run against the BI views, the clause
// gives the same figures as the API gives the same person.

type Summary = components['schemas']['StatsSummary'];

const UUID = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const GUEST_TOKEN = '/portal/api/dashboard/guest-token/';
const superset = await startSupersetStandin({ dashboardUuid: UUID, tokenTtlSeconds: 60 });
const t = setUpTestApp('rls', {
  env: {
    SUPERSET_URL: superset.url,
    SUPERSET_USERNAME: superset.username,
    SUPERSET_PASSWORD: superset.password,
  },
});
afterAll(() => superset.close());
afterEach(() => superset.setWorkspace(undefined));

async function supersetWorkspace(): Promise<TestWorkspace> {
  const ws = await t.workspace();
  await setDashboard(t.db, ws.workspaceId, { platform: 'Superset', dashboard_uuid: UUID });
  return ws;
}

/** The clauses of the guest token the session gets, read back from the token itself. */
async function clauses(token: string): Promise<string[]> {
  const reply = await client(t.app, token).get(GUEST_TOKEN);
  expect(reply.statusCode).toBe(200);
  const jwt = reply.json<{ token: string }>().token;
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
    rls_rules: { clause: string }[];
  };
  return payload.rls_rules.map((rule) => rule.clause);
}

const mailboxId = async (workspaceId: number, email: string) =>
  (
    await t.db.query<{ mailbox_id: number }>(
      `select mailbox_id from mailboxes where workspace_id = $1 and email = $2`,
      [workspaceId, email],
    )
  )[0]?.mailbox_id;

describe('the guest token RLS clause', () => {
  it('admin: the workspace; manager: granted mailboxes and teams; viewer: their own', async () => {
    const ws = await supersetWorkspace();
    const id = ws.workspaceId;
    superset.setWorkspace(id);
    const sales = await addMailbox(t.db, id, `sales@${ws.domain}`);
    const quoted = await addMailbox(t.db, id, `o'brien@${ws.domain}`);
    await addMailbox(t.db, id, `hidden@${ws.domain}`);
    await t.db.transaction(async (tx) => {
      const [team] = await tx.query<{ team_id: number }>(
        `insert into teams (workspace_id, name) values ($1, 'Front') returning team_id`,
        [id],
      );
      await tx.query(
        `insert into team_members (workspace_id, team_id, mailbox_id) values ($1, $2, $3)`,
        [id, team?.team_id, quoted.mailboxId],
      );
      await replaceGrants(tx, id, [ws.manager.userId], [sales.mailboxId], [team?.team_id ?? 0]);
    });
    const [first, second] = [sales.mailboxId, quoted.mailboxId].sort((a, b) => a - b);
    expect(await clauses(ws.admin.token)).toEqual([`workspace_id = ${id}`]);
    expect(await clauses(ws.manager.token)).toEqual([
      `workspace_id = ${id} AND mailbox_id IN (${first}, ${second})`,
    ]);
    const viewer = await mailboxId(id, `viewer@${ws.domain}`);
    expect(await clauses(ws.viewer.token)).toEqual([
      `workspace_id = ${id} AND mailbox_id IN (${viewer})`,
    ]);
  });

  it('a manager with no grants gets a clause that shows no row', async () => {
    const ws = await supersetWorkspace();
    expect(await clauses(ws.manager.token)).toEqual([`workspace_id = ${ws.workspaceId} AND 1 = 0`]);
  });

  it("the stand-in refuses a token that does not name the dashboard's workspace", async () => {
    const ws = await supersetWorkspace();
    superset.setWorkspace(ws.workspaceId + 1000);
    const reply = await client(t.app, ws.admin.token).get(GUEST_TOKEN);
    expect(reply.statusCode).toBe(502);
    expect(superset.calls.at(-1)?.step).toBe('guest_token');
  });

  it('run on the BI views, the clause gives the figures the API gives that person', async () => {
    const s = await biScenario(t);
    await setDashboard(t.db, s.ws.workspaceId, { platform: 'Superset', dashboard_uuid: UUID });
    await t.db.transaction((tx) =>
      replaceGrants(tx, s.ws.workspaceId, [s.ws.manager.userId], [s.support.mailboxId], []),
    );
    for (const session of [s.ws.admin, s.ws.manager]) {
      const [clause] = await clauses(session.token);
      const reply = await client(t.app, session.token).get(
        `/portal/api/stats/summary?${new URLSearchParams(BI_WEEK).toString()}`,
      );
      const summary = reply.json<Summary>();
      const [views] = await t.db.query(
        `select coalesce(sum(received), 0)::int as received, coalesce(sum(sent), 0)::int as sent,
                coalesce(sum(awaiting), 0)::int as awaiting
           from bi_daily where day between $1::date and $2::date and ${clause}`,
        [BI_WEEK.from, BI_WEEK.to],
      );
      const { received, sent, awaiting } = summary;
      expect(views).toEqual({ received, sent, awaiting });
    }
    expect(await clauses(s.ws.manager.token)).toEqual([
      `workspace_id = ${s.ws.workspaceId} AND mailbox_id IN (${s.support.mailboxId})`,
    ]);
  });
});
