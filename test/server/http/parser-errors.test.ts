import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

// Requests Node's HTTP parser refuses before the router, sent over a raw socket (app.inject
// never parses HTTP): each answer carries the security headers of every other reply.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as it is and reads the reply until the server closes the connection. */
function raw(request: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

function expectRefused(reply: RawReply, status: number, message: RegExp) {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(reply.headers.connection).toBe('close');
  const body = JSON.parse(reply.body) as { error: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.message).toMatch(message);
}

describe('requests the HTTP parser refuses', () => {
  it('answers a malformed request line with 400 and the security headers', async () => {
    expectRefused(await raw('HELLO THERE\r\n\r\n'), 400, /could not be read/);
  });

  it('answers an address over the size limit with 414', async () => {
    const request = `GET /portal/api/stats/summary?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`;
    expectRefused(await raw(request), 414, /address is too long/);
  });

  it('answers headers over the size limit with 431', async () => {
    const request = `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expectRefused(await raw(request), 431, /headers are too large/);
  });

  it('still answers a good request on a new connection', async () => {
    const reply = await raw('GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-frame-options']).toBe('DENY');
  });
});
