import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HtmlPageError, HttpError } from '../http/errors';
import { htmlPage } from '../http/html-page';
import { formatErrors } from '../contract/validation';
import { DbConstraintError } from '../db/types';
import type { Config } from '../config';
import { isPrivateReply, securityHeaders } from './security-headers';

/** What went wrong, before it is written as an `Error` body or, for browser navigations, a page. */
interface Failure {
  status: number;
  code: string;
  message: string;
  /** The page's heading; only pages use it. */
  title?: string;
  requestId?: string;
}

const PAGE_TITLES: Record<number, string> = {
  400: 'This sign-in link is not valid',
  404: 'Not available',
  429: 'Too many attempts',
};

const UNREADABLE_LINK =
  'The address was changed or is incomplete. Start again from the sign-in page.';

const INTERNAL =
  'Something went wrong on our side. Try again, and quote the request id if it persists.';

function failureOf(error: FastifyError, request: FastifyRequest): Failure {
  if (error instanceof HtmlPageError) {
    return { status: error.statusCode, code: 'page', message: error.message, title: error.title };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, code: error.code, message: error.message };
  }
  if (error.validation) return { status: 400, code: 'bad_request', message: error.message };
  if (error instanceof DbConstraintError) {
    request.log.warn({ constraint: error.constraint }, 'constraint refused a write');
    return {
      status: 409,
      code: 'conflict',
      message: 'That conflicts with data that changed meanwhile; reload and try again.',
    };
  }
  const status = error.statusCode ?? 500;
  // Fastify's own client errors (a malformed JSON body, a wrong content type).
  if (status < 500) return { status, code: 'bad_request', message: error.message };
  request.log.error({ err: error }, 'request failed');
  return { status: 500, code: 'internal', message: INTERNAL, requestId: request.id };
}

function sendPage(reply: FastifyReply, failure: Failure) {
  const title = failure.title ?? PAGE_TITLES[failure.status] ?? 'Something went wrong';
  const message = failure.requestId
    ? `${failure.message} Request id: ${failure.requestId}.`
    : failure.message;
  return reply
    .code(failure.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(htmlPage(title, message));
}

/**
 * The one error handler: every failure leaves as an `Error` body, or as a small page for the
 * operations the contract documents as browser navigations; a 5xx never shows internals.
 */
export default fp(
  async (app) => {
    app.setSchemaErrorFormatter((errors, context) => new Error(formatErrors(errors, context)));

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const failure = failureOf(error, request);
      if (request.routeOptions.config.htmlErrors || error instanceof HtmlPageError) {
        // A person followed a link: the validator's field-by-field message would not help them.
        if (error.validation) failure.message = UNREADABLE_LINK;
        failure.title ??= request.routeOptions.config.pageTitle;
        return sendPage(reply, failure);
      }
      return reply.code(failure.status).send({
        error: failure.code,
        message: failure.message,
        ...(failure.requestId ? { request_id: failure.requestId } : {}),
      });
    });

    app.setNotFoundHandler(async (request, reply) => {
      // A missing asset is a 404: the app's HTML served as a script would run as one.
      const path = request.url;
      if (path.startsWith('/portal/') || path.startsWith('/assets/') || request.method !== 'GET') {
        return reply.code(404).send({
          error: 'not_found',
          message: `No such path: ${request.method} ${request.url.split('?')[0]}`,
        });
      }
      return app.sendApp(reply);
    });
  },
  { name: 'errors', dependencies: ['static'] },
);

/**
 * Errors the router raises before any route or hook runs (a malformed URL, a path parameter
 * over the router's limit): Fastify's `frameworkErrors`. They leave like every other failure,
 * with the security headers, as an `Error` body under the API and as a page elsewhere.
 */
export function routerError(
  config: Config,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const path = request.raw.url ?? '/';
  reply.headers(securityHeaders(config)).header('cache-control', 'no-store');
  const message = 'The address was changed or is incomplete. Check it and try again.';
  request.log.info({ code: error.code }, 'router refused the address');
  if (isPrivateReply(path)) {
    return reply.code(400).send({ error: 'bad_request', message });
  }
  return sendPage(reply, {
    status: 400,
    code: 'page',
    title: 'This address is not valid',
    message,
  });
}
