// The benches' load client reads replies by hand (scripts/load-connection.ts): a reply it ends
// too early or too late would make every figure of `npm run bench -- fifty` wrong. These run it
// against real servers on loopback.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Connection } from '../../../scripts/load-connection';
import { runLoad } from '../../../scripts/load-client';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<number> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  closers.push(() => server.close());
  return (server.address() as AddressInfo).port;
}

async function open(port: number) {
  const connection = await Connection.open('127.0.0.1', port);
  closers.push(() => connection.close());
  return connection;
}

const HEAD = 'host: 127.0.0.1\r\n';

async function byteByByte(socket: Socket, text: string) {
  for (const byte of text) await new Promise((sent) => socket.write(byte, sent));
}

describe('a load-client connection', () => {
  it('reads sized and chunked replies whole, one after another on one connection', async () => {
    const seen: string[] = [];
    const port = await listen(
      createHttpServer((request, reply) => {
        seen.push(request.url ?? '');
        if (request.url === '/sized') {
          reply.setHeader('content-length', 200_001);
          reply.setHeader('set-cookie', ['XSRF-TOKEN=abc; Path=/', 'other=1; HttpOnly']);
          reply.write('a'.repeat(100_000));
          reply.write('b'.repeat(100_000));
          reply.end('c');
        } else if (request.url === '/chunked') {
          reply.write('x'.repeat(70_000));
          reply.write('\r\n\r\n0\r\n\r\n');
          reply.end('z'.repeat(5));
        } else {
          reply.statusCode = request.url === '/empty' ? 204 : 503;
          reply.end();
        }
      }),
    );
    const connection = await open(port);
    expect(await connection.get('/sized', HEAD)).toEqual({
      status: 200,
      cookies: ['XSRF-TOKEN=abc', 'other=1'],
    });
    expect(await connection.get('/chunked', HEAD)).toEqual({ status: 200, cookies: [] });
    expect(await connection.get('/empty', HEAD)).toEqual({ status: 204, cookies: [] });
    expect(await connection.get('/busy', HEAD)).toEqual({ status: 503, cookies: [] });
    expect(seen).toEqual(['/sized', '/chunked', '/empty', '/busy']);
  });

  it('reads a reply that arrives a byte at a time, ending where its last chunk ends', async () => {
    // The first chunk holds an empty line: a reader that took it for the end would stop early
    // and misread the second reply.
    const reply =
      'HTTP/1.1 200 OK\r\nset-cookie: a=1\r\ntransfer-encoding: chunked\r\n\r\n' +
      '6;ext=1\r\na\r\n\r\nb\r\n10\r\n0123456789abcdef\r\n0\r\ntrailer: x\r\n\r\n';
    const port = await listen(
      createNetServer((socket) => {
        socket.on('data', () => void byteByByte(socket, reply));
      }),
    );
    const connection = await open(port);
    expect(await connection.get('/', HEAD)).toEqual({ status: 200, cookies: ['a=1'] });
    expect(await connection.get('/', HEAD)).toEqual({ status: 200, cookies: ['a=1'] });
  });

  it('fails the request when the server closes the connection before the reply is whole', async () => {
    const port = await listen(
      createNetServer((socket) => {
        socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n12345'));
      }),
    );
    const connection = await open(port);
    await expect(connection.get('/', HEAD)).rejects.toThrow('the server closed the connection');
    expect(connection.closed).toBe(true);
  });
});

describe('the load client', () => {
  it('records each reply by path, keeps the cookies it is given and counts refusals', async () => {
    const cookies: (string | undefined)[] = [];
    const tokens = new Set<string | undefined>();
    const port = await listen(
      createHttpServer((request, reply) => {
        if (request.url === '/warm') reply.setHeader('set-cookie', 'XSRF-TOKEN=t1; Path=/');
        else cookies.push(request.headers.cookie);
        tokens.add(request.headers.authorization);
        reply.statusCode = request.url?.startsWith('/refused') ? 403 : 200;
        reply.end(request.headers.authorization ?? '');
      }),
    );
    const result = await runLoad({
      baseUrl: `http://127.0.0.1:${port}`,
      tokens: ['token-one', 'token-two'],
      clients: 2,
      seconds: 0.3,
      waves: [['/a?x=1', '/b'], ['/refused']],
      socketsPerClient: 2,
      warmPath: '/warm',
    });
    expect(Object.keys(result.requests).sort()).toEqual(['/a', '/b']);
    expect(result.requests['/a']?.length).toBe(result.views.length);
    expect(result.views.length).toBeGreaterThan(0);
    expect(result.failures.length).toBe(result.views.length);
    expect(new Set(result.failures)).toEqual(new Set(['403 /refused']));
    expect(new Set(cookies)).toEqual(new Set(['XSRF-TOKEN=t1']));
    expect(tokens).toEqual(new Set(['Token token-one', 'Token token-two']));
  });

  it('runs plans asked for together one after the other, each recording only its own replies', async () => {
    const seen: string[] = [];
    const port = await listen(
      createHttpServer((request, reply) => {
        seen.push(request.url ?? '');
        reply.end('{}');
      }),
    );
    const plan = (path: string) => ({
      baseUrl: `http://127.0.0.1:${port}`,
      tokens: ['token'],
      clients: 3,
      seconds: 0.2,
      waves: [[path]],
      socketsPerClient: 1,
    });
    const [first, second] = await Promise.all([runLoad(plan('/first')), runLoad(plan('/second'))]);
    expect(Object.keys(first.requests)).toEqual(['/first']);
    expect(Object.keys(second.requests)).toEqual(['/second']);
    expect(second.views.length).toBe(second.requests['/second']?.length);
    // The second plan began when the first had its last reply.
    expect(seen.lastIndexOf('/first')).toBeLessThan(seen.indexOf('/second'));
  });
});
