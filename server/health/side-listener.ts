// A small listener beside the public one, for probes and metrics: `npm run worker`'s /healthz
// and /readyz on WORKER_PORT, and /metrics on METRICS_PORT. GET only, a fixed set of paths, no
// cookies or sessions: nothing here reads the request beyond its method and path.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HttpError } from '../http/errors';

interface SideAnswer {
  contentType: string;
  body: string;
}

type SideRoutes = Record<string, () => Promise<SideAnswer>>;

export interface SideListener {
  url: string;
  close(): Promise<void>;
}

export const json = (value: unknown): SideAnswer => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

function send(response: ServerResponse, status: number, answer: SideAnswer) {
  response.writeHead(status, {
    'content-type': answer.contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(answer.body);
}

async function answer(routes: SideRoutes, request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? '').split('?')[0] ?? '';
  const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
  if (!route) {
    send(response, 404, json({ error: 'not_found', message: `Nothing is served at ${path}.` }));
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, json({ error: 'method_not_allowed', message: 'Use GET.' }));
    return;
  }
  try {
    send(response, 200, await route());
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    send(response, error.statusCode, json({ error: error.code, message: error.message }));
  }
}

export function startSideListener(
  host: string,
  port: number,
  routes: SideRoutes,
): Promise<SideListener> {
  const server = createServer((request, response) => {
    answer(routes, request, response).catch(() => {
      if (!response.headersSent)
        send(response, 500, json({ error: 'internal', message: 'Failed.' }));
      else response.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${bound}`,
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
