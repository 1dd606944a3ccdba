import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_RATE_LIMIT } from '../../../server/routes/client-errors';
import { createTestApp, type TestApp } from '../support/app';

const URL = '/portal/api/client-errors/';
let t: TestApp;
let address = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const breadcrumbs = Array.from({ length: 12 }, (_, i) => ({
  timestamp: `2025-01-01T10:00:${String(i).padStart(2, '0')}.000Z`,
  type: 'navigation' as const,
  message: `step ${i + 1}`,
}));

const report = {
  kind: 'uncaught',
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'map')",
  stack: 'TypeError: Cannot read properties of undefined\n    at Teams (teams.tsx:12:3)',
  url: 'https://portal.example.com/settings/teams',
  release_stage: 'production',
  user_email: 'admin@acme.example',
  breadcrumbs,
};

/** A public call from its own address, so each test has its own rate-limit budget. */
function send(body: unknown, remoteAddress = `10.0.0.${++address}`) {
  return t.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('reportClientError', () => {
  it('logs a report at error level and echoes nothing back, with no token or XSRF', async () => {
    const error = vi.spyOn(t.app.log, 'error');
    const reply = await send(report);
    expect(reply.statusCode).toBe(202);
    expect(reply.body).toBe('');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      {
        client_error: {
          kind: 'uncaught',
          name: 'TypeError',
          message: report.message,
          stack: report.stack,
          url: report.url,
          release_stage: 'production',
          user_email: 'admin@acme.example',
          breadcrumbs_count: 12,
          last_breadcrumbs: breadcrumbs.slice(-5),
        },
      },
      'client error reported',
    );
  });

  it('takes a report from before sign-in: no email, no breadcrumbs, no stack', async () => {
    const error = vi.spyOn(t.app.log, 'error');
    const anonymous = { ...report, stack: undefined, user_email: undefined, breadcrumbs: [] };
    const reply = await send({ ...anonymous, kind: 'unhandled_rejection' });
    expect(reply.statusCode).toBe(202);
    expect(error.mock.calls[0]?.[0]).toMatchObject({
      client_error: { kind: 'unhandled_rejection', user_email: null, breadcrumbs_count: 0 },
    });
  });

  it.each([
    ['a missing kind', { ...report, kind: undefined }, /kind/],
    ['an unknown kind', { ...report, kind: 'fatal' }, /kind/],
    ['a missing url', { ...report, url: undefined }, /url/],
    ['too long a message', { ...report, message: 'x'.repeat(5001) }, /message/],
    [
      '41 breadcrumbs',
      {
        ...report,
        breadcrumbs: [...breadcrumbs, ...breadcrumbs, ...breadcrumbs, ...breadcrumbs].slice(0, 41),
      },
      /breadcrumbs/,
    ],
    [
      'an unknown breadcrumb type',
      { ...report, breadcrumbs: [{ ...breadcrumbs[0], type: 'click' }] },
      /type/,
    ],
    ['an extra field', { ...report, password: 'x' }, /password/],
  ])('refuses %s with 400 and logs nothing', async (_label, body, field) => {
    const error = vi.spyOn(t.app.log, 'error');
    const reply = await send(body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ error: string; message: string }>()).toMatchObject({
      error: 'bad_request',
    });
    expect(reply.json<{ message: string }>().message).toMatch(field);
    expect(error).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON', async () => {
    const reply = await send('{"kind": ');
    expect(reply.statusCode).toBe(400);
  });

  it('limits reports per address', async () => {
    const busy = '10.1.1.1';
    for (let i = 0; i < CLIENT_ERROR_RATE_LIMIT.max; i++) {
      expect((await send(report, busy)).statusCode).toBe(202);
    }
    const limited = await send(report, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toBe('rate_limited');
    expect((await send(report, '10.1.1.2')).statusCode).toBe(202);
  });
});
