import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { redactSecrets } from '../../common/redact-secrets';

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
            // The browser redacts these too; the server does not rely on a caller to.
            message: redactSecrets(body.message),
            stack: body.stack === undefined ? undefined : redactSecrets(body.stack),
            url: redactSecrets(body.url),
            release_stage: body.release_stage,
            user_email: body.user_email ?? null,
            breadcrumbs_count: body.breadcrumbs.length,
            last_breadcrumbs: body.breadcrumbs
              .slice(-LAST_BREADCRUMBS)
              .map((crumb) => ({ ...crumb, message: redactSecrets(crumb.message) })),
          },
        },
        'client error reported',
      );
      return { status: 202 };
    },
    { rateLimit: CLIENT_ERROR_RATE_LIMIT },
  );
}
