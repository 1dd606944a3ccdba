import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { portalDocument } from '../contract/spec';
import { health, readiness } from '../health/answers';

export default function systemRoutes(app: FastifyInstance) {
  publicRoute(app, 'getHealth', async ({ db }) => ({ status: 200, body: await health(db) }));

  publicRoute(app, 'getReadiness', async ({ request }) => ({
    status: 200,
    body: await readiness(() => request.server.readiness()),
  }));

  publicRoute(app, 'getOpenApi', async () => ({ status: 200, body: portalDocument }));
}
