import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { Db } from './db/types';
import { serializerCompiler, validatorCompiler } from './contract/validation';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import xsrfPlugin from './plugins/xsrf';
import staticPlugin from './plugins/static';
import errorsPlugin, { routerError } from './plugins/errors';
import securityHeadersPlugin, { securityHeaders } from './plugins/security-headers';
import routeInventory from './plugins/route-inventory';
import outboundPlugin from './outbound/plugin';
import readinessPlugin, { type ReadinessOptions } from './health/plugin';
import type { Metrics } from './metrics/metrics';
import type { Resolve } from './outbound/safe-target';
import { registerRoutes } from './routes/register';
import { HttpError } from './http/errors';
import { refuseUnparsed } from './http/parser-errors';
import { rateLimitKey } from './http/rate-limit-key';
import { fastifyTrustProxy } from './http/trust-proxy';
import { oneLineStream, type LogFormat } from './logging/one-line';
import { redactSecrets } from '../common/redact-secrets';

interface AppOptions {
  config: Config;
  db: Db;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that check what is logged). */
  logStream?: { write(line: string): void };
  /** The outbox forwarder's clock (tests inject one). */
  now?: () => Date;
  /** The clock of sessions (their idle limit), sign-in codes and closures by hand (tests inject one). */
  sessionClock?: () => Date;
  /** False: the forwarder does not run on its own; tests drive it with drainOnce. */
  backgroundWork?: boolean;
  /** How webhook hosts are resolved (tests give a table instead of DNS); dns.lookup by default. */
  resolve?: Resolve;
  /** `line`: the console's readable format, with one request line each at `debug`. */
  logFormat?: LogFormat;
  /**
   * False: writes are not recorded in the audit log. Only `npm run bench -- audit` passes it, to
   * measure what the log costs a write; no setting reaches it.
   */
  auditLog?: boolean;
  /** What /readyz checks besides the database: the workers of this process, when it runs them. */
  readiness?: ReadinessOptions;
  /** METRICS_PORT set: each request's duration goes into the request histogram. */
  metrics?: Metrics;
}

/**
 * Sign-in codes, states and single-use links travel in URLs: logs keep the path without its
 * query and without the secret segments (common/redact-secrets.ts).
 */
function requestForLog(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  return { method: request.method, url: redactSecrets(path), remoteAddress: request.ip };
}

export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
  now,
  sessionClock = () => new Date(),
  backgroundWork = true,
  resolve,
  logFormat = 'json',
  auditLog = true,
  readiness,
  metrics,
}: AppOptions): Promise<FastifyInstance> {
  const lines = logFormat === 'line';
  const stream = lines ? oneLineStream(logStream ?? process.stdout) : logStream;
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, serializers: { req: requestForLog }, stream }
      : false,
    // On a terminal, one short line per request (below), at debug: the default two JSON
    // lines per request at info buried the demo links.
    logController: new LogController({ disableRequestLogging: lines }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Above every path parameter's maxLength in the contract, so that an over-long one reaches
    // the route's validation and its 400; longer still is a router error (frameworkErrors).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    frameworkErrors: (error, request, reply) => {
      void routerError(config, error, request, reply);
    },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    // What the HTTP parser refuses never reaches a hook: it gets the same headers here.
    clientErrorHandler: (error, socket) => refuseUnparsed(securityHeaders(config), error, socket),
  });
  if (lines) {
    app.addHook('onResponse', async (request, reply) => {
      const { method, url } = requestForLog(request);
      request.log.debug(`${method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
    });
  }
  if (metrics) {
    // The route's pattern, never the URL: sign-in and unsubscribe paths carry tokens.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(routeInventory);
  await app.register(configPlugin, { config, now: sessionClock });
  await app.register(dbPlugin, { db, auditLog });
  await app.register(readinessPlugin, { db, readiness });
  await app.register(outboundPlugin, { now, disabled: !backgroundWork, resolve });
  await app.register(securityHeadersPlugin);
  await app.register(xsrfPlugin);
  await app.register(staticPlugin);
  await app.register(errorsPlugin);
  // Above the validation socket's own 256 KiB limit, so its readable error still reaches the client.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  // Only routes that ask for a limit get one (config.rateLimit, set through publicRoute).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey(config.trustProxy),
    errorResponseBuilder: () =>
      new HttpError(
        429,
        'rate_limited',
        'Too many attempts from your address. Wait a minute and try again.',
      ),
  });
  await registerRoutes(app);
  await app.ready();
  return app;
}
