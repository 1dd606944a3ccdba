import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

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
