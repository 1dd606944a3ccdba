import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Resolve } from '../../../server/outbound/safe-target';

/** The names the tests' webhooks use for public receivers, on documentation addresses. */
const PUBLIC_TEST_HOSTS: Record<string, string[]> = {
  'hooks.example': ['203.0.113.10'],
  'hooks.slack.example': ['203.0.113.11'],
  'example.com': ['203.0.113.12'],
  localhost: ['127.0.0.1', '::1'],
};

/**
 * DNS for tests (none runs here): the public test names above and `table`, which the test may
 * change between calls (a name that changes its answer); any other name is not found.
 */
export function tableResolver(table: Record<string, string[]> = {}): Resolve {
  return async (hostname) => {
    const addresses = table[hostname] ?? PUBLIC_TEST_HOSTS[hostname];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
}

/** A webhook on 127.0.0.1 that records each POST body and answers with `status`. */
export async function startWebhook() {
  const received: unknown[] = [];
  const listeners: (() => void)[] = [];
  const hook = {
    status: 500,
    received,
    url: '',
    nextPost: () => new Promise<void>((resolve) => listeners.push(resolve)),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      received.push(JSON.parse(text));
      res.statusCode = hook.status;
      res.end();
      listeners.splice(0).forEach((resolve) => resolve());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { hook, close };
}

/** A logger that keeps the warnings it is given, so tests can check that failures are logged. */
export function recordingLogger() {
  const warnings: unknown[][] = [];
  const noop = () => undefined;
  const log: FastifyBaseLogger = {
    level: 'warn',
    fatal: noop,
    error: noop,
    warn: (...args: unknown[]) => void warnings.push(args),
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return { log, warnings };
}
