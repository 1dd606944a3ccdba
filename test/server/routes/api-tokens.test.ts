import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import type { FastifyInstance } from 'fastify';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { statsScenario } from '../support/stats';
import { auditRows } from '../support/audit';

// Read-only API tokens: created, listed and revoked by admins (audited), and used with
// `Authorization: Bearer` on the statistics and their CSV export only, in their own workspace.

type Created = components['schemas']['CreatedApiToken'];
type Summary = components['schemas']['StatsSummary'];

const TOKENS = '/portal/api/settings/api-tokens/';
const DAY = 'from=2026-11-23&to=2026-11-23';
const SUMMARY = `/portal/api/stats/summary?${DAY}`;
const CSV = `/portal/api/stats/export.csv?${DAY}&by=mailbox`;

let clock = new Date('2026-12-01T10:00:00Z');
const t = setUpTestApp('apitok', { sessionClock: () => clock });

/** A bare request with the token: no cookie, no XSRF header, nothing else. */
const bearer = (app: FastifyInstance, token: string, url: string, method = 'GET' as const) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

async function create(ws: TestWorkspace, name = 'BI export', days = 30): Promise<Created> {
  const reply = await t.admin(ws).post(TOKENS, {
    name,
    scope: 'stats:read',
    expires_in_days: days,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<Created>();
}

/** A workspace with one answered request on 2026-11-23, its statistics rebuilt. */
async function withFigures() {
  const s = await statsScenario(t);
  await s.insert([
    { at: '2026-11-23T09:00:00Z' },
    { direction: 'outbound', at: '2026-11-23T10:00:00Z' },
  ]);
  await s.rebuild();
  return s;
}

describe('API tokens', () => {
  it('are shown once with the mp_ prefix, stored as a SHA-256 hash and listed without the token', async () => {
    const ws = await t.workspace();
    const { token, api_token: entry } = await create(ws);
    expect(token).toMatch(/^mp_[A-Za-z0-9_-]{43}$/);
    expect(entry).toMatchObject({
      name: 'BI export',
      scope: 'stats:read',
      prefix: token.slice(0, 9),
      created_by: ws.admin.email,
      expires_at: '2026-12-31T10:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    });
    const list = await t.admin(ws).get(TOKENS);
    expect(list.json()).toEqual({ tokens: [entry] });
    expect(list.body).not.toContain(token);
    const [row] = await t.db.query<{ token_hash: string }>(
      `select token_hash from api_tokens where workspace_id = $1`,
      [ws.workspaceId],
    );
    const { createHash } = await import('node:crypto');
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('read the summary and the CSV export with no cookie and no XSRF header, as an admin sees them', async () => {
    const s = await withFigures();
    const { token } = await create(s.ws);
    const summary = await bearer(t.app, token, SUMMARY);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<Summary>()).toEqual(s.ws && (await t.admin(s.ws).get(SUMMARY)).json());
    expect(summary.json<Summary>().received).toBe(1);
    const csv = await bearer(t.app, token, CSV);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe((await t.admin(s.ws).get(CSV)).body);
  });

  it("never read another workspace's figures", async () => {
    const a = await withFigures();
    const b = await t.workspace();
    const { token } = await create(b);
    const reply = await bearer(t.app, token, SUMMARY);
    expect(reply.statusCode).toBe(200);
    expect(reply.json<Summary>().received).toBe(0);
    const named = await bearer(t.app, token, `${SUMMARY}&mailboxes=${a.sales.email}`);
    expect(named.statusCode).toBe(403);
    expect(
      (await bearer(t.app, token, `/portal/api/stats/export.csv?${DAY}&by=mailbox`)).body,
    ).not.toContain(a.sales.email);
  });

  it('are refused every write (403 with a sentence) and every read that is not statistics', async () => {
    const ws = await t.workspace();
    const { token } = await create(ws);
    const write = await t.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
      },
      payload: JSON.stringify({ name: 'more', scope: 'stats:read', expires_in_days: 1 }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      message:
        'An API token only reads statistics: it cannot change anything. Sign in to make changes.',
    });
    const teams = await bearer(t.app, token, '/portal/api/settings/teams/');
    expect(teams.statusCode).toBe(403);
    expect(teams.json<{ message: string }>().message).toMatch(/reads only the statistics/);
    for (const url of [TOKENS, '/portal/api/me/', '/portal/api/audit/']) {
      expect((await bearer(t.app, token, url)).statusCode, url).toBe(403);
    }
    expect((await t.admin(ws).get(TOKENS)).json<{ tokens: unknown[] }>().tokens).toHaveLength(1);
  });

  it('answer 401 once revoked or expired, and for a malformed or unknown token', async () => {
    const ws = await t.workspace();
    const revoked = await create(ws, 'revoked');
    const expiring = await create(ws, 'expiring', 1);
    expect((await bearer(t.app, revoked.token, SUMMARY)).statusCode).toBe(200);
    expect((await t.admin(ws).delete(`${TOKENS}${revoked.api_token.id}`)).statusCode).toBe(204);
    expect((await bearer(t.app, revoked.token, SUMMARY)).statusCode).toBe(401);
    expect((await bearer(t.app, expiring.token, SUMMARY)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 24 * 3600_000);
    expect((await bearer(t.app, expiring.token, SUMMARY)).statusCode).toBe(401);
    for (const token of ['mp_short', `mp_${'A'.repeat(43)}`, revoked.token.slice(3)]) {
      expect((await bearer(t.app, token, SUMMARY)).statusCode, token).toBe(401);
    }
    expect((await t.admin(ws).delete(`${TOKENS}999999`)).statusCode).toBe(404);
  });

  it("use exactly one credential: a header naming a session and a token is refused, another workspace's admin cannot revoke", async () => {
    const ws = await t.workspace();
    const other = await t.workspace();
    const { token, api_token: entry } = await create(ws);
    const both = await t.app.inject({
      method: 'GET',
      url: SUMMARY,
      headers: { authorization: `Token ${ws.admin.token}, Bearer ${token}` },
    });
    expect(both.statusCode).toBe(401);
    const reversed = await bearer(t.app, `${token} Token ${ws.admin.token}`, SUMMARY);
    expect(reversed.statusCode).toBe(401);
    expect((await t.admin(other).delete(`${TOKENS}${entry.id}`)).statusCode).toBe(404);
    expect((await bearer(t.app, token, SUMMARY)).statusCode).toBe(200);
  });

  it('write their last use at most once a minute', async () => {
    const ws = await t.workspace();
    const { token, api_token: entry } = await create(ws);
    const lastUse = async () =>
      (await t.admin(ws).get(TOKENS)).json<{ tokens: { last_used_at: string | null }[] }>()
        .tokens[0]!.last_used_at;
    const first = clock;
    await bearer(t.app, token, SUMMARY);
    expect(await lastUse()).toBe(first.toISOString());
    clock = new Date(first.getTime() + 59_000);
    await bearer(t.app, token, SUMMARY);
    expect(await lastUse()).toBe(first.toISOString());
    clock = new Date(first.getTime() + 60_000);
    await bearer(t.app, token, SUMMARY);
    expect(await lastUse()).toBe(clock.toISOString());
    expect(entry.last_used_at).toBeNull();
  });

  it('are audited when created and revoked, never with the token or its hash', async () => {
    const ws = await t.workspace();
    const { token, api_token: entry } = await create(ws, 'Looker');
    await t.admin(ws).delete(`${TOKENS}${entry.id}`);
    const rows = (await auditRows(t.db, ws.workspaceId)).filter((row) =>
      ['createApiToken', 'revokeApiToken'].includes(row.operation),
    );
    expect(rows.map((row) => [row.operation, row.actor_name, row.target_type])).toEqual([
      ['createApiToken', ws.admin.email, 'api_token'],
      ['revokeApiToken', ws.admin.email, 'api_token'],
    ]);
    expect(rows[0]!.after).toMatchObject({
      name: 'Looker',
      scope: 'stats:read',
      prefix: entry.prefix,
    });
    expect(rows[1]!.after).toEqual({ revoked_at: clock.toISOString() });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(9));
  });

  it('record a CSV export made with a token as that token, and stop when the feature is off', async () => {
    const s = await withFigures();
    const { token, api_token: entry } = await create(s.ws, 'Sheets');
    expect((await bearer(t.app, token, CSV)).statusCode).toBe(200);
    const last = (await auditRows(t.db, s.ws.workspaceId)).at(-1);
    expect([last?.operation, last?.actor_name]).toEqual([
      'exportStatsCsv',
      `API token Sheets (${entry.prefix}…)`,
    ]);
    await setFeature(t.db, s.ws.workspaceId, 'api_tokens', false, false);
    const off = await bearer(t.app, token, SUMMARY);
    expect(off.statusCode).toBe(403);
    expect((await t.admin(s.ws).get(TOKENS)).statusCode).toBe(403);
  });

  it('refuse bad bodies with 400 naming the field, and other roles with 403', async () => {
    const ws = await t.workspace();
    const bad: [unknown, RegExp][] = [
      [{ name: '   ', scope: 'stats:read', expires_in_days: 30 }, /name/],
      [{ name: 'x', scope: 'stats:write', expires_in_days: 30 }, /scope/],
      [{ name: 'x', scope: 'stats:read', expires_in_days: 0 }, /expires_in_days/],
      [{ name: 'x', scope: 'stats:read', expires_in_days: 366 }, /expires_in_days/],
    ];
    for (const [body, message] of bad) {
      const reply = await t.admin(ws).post(TOKENS, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    }
    expect((await client(t.app, ws.manager.token).get(TOKENS)).statusCode).toBe(403);
    expect((await t.admin(ws).get(TOKENS)).json()).toEqual({ tokens: [] });
  });
});
