import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { portalDocument } from '../contract/spec';
import { health, readiness } from '../health/answers';
import { HttpError } from '../http/errors';

/** The API reference page the build renders from the contract (scripts/api-docs/). */
const API_DOCS_FILE = 'api-docs.html';

export default function systemRoutes(app: FastifyInstance) {
  publicRoute(app, 'getHealth', async ({ db }) => ({ status: 200, body: await health(db) }));

  publicRoute(app, 'getReadiness', async ({ request }) => ({
    status: 200,
    body: await readiness(() => request.server.readiness()),
  }));

  publicRoute(app, 'getOpenApi', async () => ({ status: 200, body: portalDocument }));

  // Read once: the build that wrote it is the one this server runs.
  let apiDocs: Promise<string> | undefined;
  publicRoute(app, 'getApiDocs', async ({ reply }) => {
    apiDocs ??= readFile(resolve(app.config.clientDir, API_DOCS_FILE), 'utf8');
    const page = await apiDocs.catch(() => {
      apiDocs = undefined;
      throw new HttpError(503, 'not_built', 'The API reference is not built: run npm run build.');
    });
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return { status: 200, body: page };
  });
}
