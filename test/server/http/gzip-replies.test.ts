import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../../server/http/encoding';
import { setUpTestApp } from '../support/suite';

// Cached replies go out gzipped to clients that accept gzip, as browsers do, and as they are to
// the others; a reply that varies by Accept-Encoding says so (server/http/encoding.ts).

const t = setUpTestApp('gzip-replies');

const SERIES = '/portal/api/stats/timeseries?from=2026-01-01&to=2026-12-31';

describe('cached replies', () => {
  it('are gzipped for a client that accepts gzip, and the same JSON unzipped', async () => {
    const ws = await t.workspace();
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: SERIES,
        headers: {
          authorization: `Token ${ws.admin.token}`,
          ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
        },
      });
    const plain = await get();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const zipped = await get('gzip, deflate, br, zstd');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length * 4).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);

    const refused = await get('gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('stay plain when small: a short body is not worth a gzip header', async () => {
    const ws = await t.workspace();
    const reply = await t.app.inject({
      method: 'GET',
      url: '/portal/api/settings/users/',
      headers: { authorization: `Token ${ws.admin.token}`, 'accept-encoding': 'gzip' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.rawPayload.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });
});

describe('Accept-Encoding', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['GZIP', true],
    ['deflate, gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['br', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *', true],
    ['gzip;q=0, *', false],
    ['identity', false],
  ] as const)('%j accepts gzip: %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
