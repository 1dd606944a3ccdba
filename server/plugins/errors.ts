import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError } from '../http/errors';
import { formatErrors } from '../contract/validation';
import { DbConstraintError } from '../db/types';

/** The one error handler: every failure leaves as an `Error` body, and a 5xx never shows internals. */
export default fp(
  async (app) => {
    app.setSchemaErrorFormatter((errors, context) => new Error(formatErrors(errors, context)));

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ error: error.code, message: error.message });
      }
      if (error.validation) {
        return reply.code(400).send({ error: 'bad_request', message: error.message });
      }
      if (error instanceof DbConstraintError) {
        request.log.warn({ constraint: error.constraint }, 'constraint refused a write');
        return reply.code(409).send({
          error: 'conflict',
          message: 'That conflicts with data that changed meanwhile; reload and try again.',
        });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) {
        // Fastify's own client errors (a malformed JSON body, a wrong content type).
        return reply.code(status).send({ error: 'bad_request', message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({
        error: 'internal',
        message:
          'Something went wrong on our side. Try again, and quote the request id if it persists.',
        request_id: request.id,
      });
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (request.url.startsWith('/portal/') || request.method !== 'GET') {
        return reply
          .code(404)
          .send({
            error: 'not_found',
            message: `No such path: ${request.method} ${request.url.split('?')[0]}`,
          });
      }
      return app.sendApp(reply);
    });
  },
  { name: 'errors', dependencies: ['static'] },
);
