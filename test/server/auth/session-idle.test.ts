import { describe, expect, it } from 'vitest';
import { client, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';

// Issue 44: a session ends after SESSION_IDLE_DAYS without use, beside the 30-day limit of its
// token. The server's clock is injected; the tokens are issued at the real now.

const DAY = 24 * 60 * 60 * 1000;
let offsetMs = 0;
const t = setUpTestApp('idle', {
  env: { SESSION_IDLE_DAYS: '7' },
  sessionClock: () => new Date(Date.now() + offsetMs),
});

const meAt = async (ws: TestWorkspace, days: number) => {
  offsetMs = days * DAY;
  return (await client(t.app, ws.viewer.token).get('/portal/api/me/')).statusCode;
};

const lastUse = async (ws: TestWorkspace) =>
  (
    await t.db.query<{ at: string }>(
      'select last_used_at as at from session_tokens where workspace_id = $1 and user_id = $2',
      [ws.workspaceId, ws.viewer.userId],
    )
  )[0]?.at;

describe('the idle limit of a session', () => {
  it('ends a session unused for more than SESSION_IDLE_DAYS with 401', async () => {
    const ws = await t.workspace();
    expect(await meAt(ws, 6.9)).toBe(200);
    expect(await meAt(ws, 6.9 + 7.1)).toBe(401);
  });

  it('keeps a session in use alive until the 30-day limit of its token', async () => {
    const ws = await t.workspace();
    for (const day of [6, 12, 18, 24, 29.9]) expect(await meAt(ws, day)).toBe(200);
    expect(await meAt(ws, 30.1)).toBe(401);
  });

  it('writes the last use at most once in five minutes', async () => {
    const ws = await t.workspace();
    expect(await meAt(ws, 1)).toBe(200);
    const first = await lastUse(ws);
    expect(new Date(first ?? 0).getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
    offsetMs = DAY + 4 * 60_000;
    expect((await client(t.app, ws.viewer.token).get('/portal/api/me/')).statusCode).toBe(200);
    expect(await lastUse(ws)).toBe(first);
    offsetMs = DAY + 6 * 60_000;
    expect((await client(t.app, ws.viewer.token).get('/portal/api/me/')).statusCode).toBe(200);
    expect(new Date((await lastUse(ws)) ?? 0).getTime()).toBeGreaterThan(
      new Date(first ?? 0).getTime() + 5 * 60_000,
    );
    offsetMs = 0;
  });
});
