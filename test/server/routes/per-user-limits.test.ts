import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { client } from '../support/app';
import { setUpTestApp } from '../support/suite';

// Operations that send mail, ask Superset or queue a webhook call are limited per user and
// operation: past the limit, 429 with Retry-After and an Error body, and nothing is done.

const t = setUpTestApp('peruser');

const FEEDBACK = '/portal/api/feedback/';
const INTEGRATION = '/portal/api/integration-requests/';
const GUEST_TOKEN = '/portal/api/dashboard/guest-token/';
const SEND_NOW = '/portal/api/reports/999999/send';

const feedback = { content: 'The export is slow', type: 'Bug' };
const integration = { content: 'Every deal', integration_name: 'Hubspot', integration_id: 'h' };

async function times(n: number, call: () => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push((await call()).statusCode);
  return statuses;
}

function expectLimited(reply: LightMyRequestResponse) {
  expect(reply.statusCode).toBe(429);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(reply.json()).toEqual({
    error: 'rate_limited',
    message: `You have done this too often in the last minute. Try again in ${retryAfter} s.`,
  });
}

const stored = async (workspaceId: number) =>
  Number(
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from outbound_requests where workspace_id = $1',
        [workspaceId],
      )
    )[0]!.n,
  );

describe('per-user rate limits', () => {
  it('feedback: 10 a minute per user, then 429 storing nothing; others still send', async () => {
    const ws = await t.workspace();
    const viewer = client(t.app, ws.viewer.token);
    expect(await times(10, () => viewer.post(FEEDBACK, feedback))).toEqual(Array(10).fill(202));
    expectLimited(await viewer.post(FEEDBACK, feedback));
    expect(await stored(ws.workspaceId)).toBe(10);
    // Another user of the workspace, and the same user's other operation, have their own counts.
    expect((await client(t.app, ws.manager.token).post(FEEDBACK, feedback)).statusCode).toBe(202);
    expect((await viewer.post(INTEGRATION, integration)).statusCode).toBe(202);
  });

  it('a refused bad request costs none of the limit', async () => {
    const ws = await t.workspace();
    const viewer = client(t.app, ws.viewer.token);
    const bad = await times(12, () => viewer.post(FEEDBACK, { ...feedback, type: 'Nope' }));
    expect(bad).toEqual(Array(12).fill(400));
    expect((await viewer.post(FEEDBACK, feedback)).statusCode).toBe(202);
  });

  it('integration requests: 10 a minute per user', async () => {
    const ws = await t.workspace();
    const admin = client(t.app, ws.admin.token);
    const ok = await times(10, () => admin.post(INTEGRATION, integration));
    expect(ok).toEqual(Array(10).fill(202));
    expectLimited(await admin.post(INTEGRATION, integration));
  });

  it('send a report now: 10 a minute per user', async () => {
    const ws = await t.workspace();
    const viewer = client(t.app, ws.viewer.token);
    expect(await times(10, () => viewer.post(SEND_NOW))).toEqual(Array(10).fill(404));
    expectLimited(await viewer.post(SEND_NOW));
  });

  it('guest tokens: 30 a minute per user (the embedded dashboard refreshes them)', async () => {
    const ws = await t.workspace();
    const viewer = client(t.app, ws.viewer.token);
    expect(await times(30, () => viewer.get(GUEST_TOKEN))).toEqual(Array(30).fill(404));
    expectLimited(await viewer.get(GUEST_TOKEN));
    expect((await client(t.app, ws.admin.token).get(GUEST_TOKEN)).statusCode).toBe(404);
  });
});
