import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { portalDocument } from '../contract/spec';
import { HttpError } from '../http/errors';
import { sql } from '../db/sql';
import { packageVersion } from '../health/version';

export default function systemRoutes(app: FastifyInstance) {
  publicRoute(app, 'getHealth', async ({ db }) => {
    try {
      await db.query(sql`select 1`);
    } catch {
      throw new HttpError(503, 'unavailable', 'The database does not answer.');
    }
    return {
      status: 200,
      body: { status: 'ok' as const, database: db.kind, version: packageVersion },
    };
  });

  publicRoute(app, 'getReadiness', async ({ request }) => {
    const readiness = await request.server.readiness();
    if (!readiness.ready) throw new HttpError(503, 'not_ready', readiness.reason);
    return { status: 200, body: { status: 'ready' as const } };
  });

  publicRoute(app, 'getOpenApi', async () => ({ status: 200, body: portalDocument }));
}
