import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';

/** Enough context to follow a report without flooding the log with all 40 breadcrumbs. */
const LAST_BREADCRUMBS = 5;

/** Per address: a page in an error loop must not be able to flood the log. */
export const CLIENT_ERROR_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export default function clientErrorsRoutes(app: FastifyInstance) {
  publicRoute(
    app,
    'reportClientError',
    async ({ body, request }) => {
      // Logged, never echoed back: the reply carries nothing from the report.
      request.log.error(
        {
          client_error: {
            kind: body.kind,
            name: body.name,
            message: body.message,
            stack: body.stack,
            url: body.url,
            release_stage: body.release_stage,
            user_email: body.user_email ?? null,
            breadcrumbs_count: body.breadcrumbs.length,
            last_breadcrumbs: body.breadcrumbs.slice(-LAST_BREADCRUMBS),
          },
        },
        'client error reported',
      );
      return { status: 202 };
    },
    { rateLimit: CLIENT_ERROR_RATE_LIMIT },
  );
}
