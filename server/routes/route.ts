import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import type { FeatureName, Role } from '../../common/access-model';
import { authenticate, type AuthContext } from '../auth/authenticate';
import { isBearer } from '../auth/api-tokens';
import { apiTokenCaller } from './api-token-caller';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import { hasValidXsrf } from '../plugins/xsrf';
import { acceptsGzip, gzipOnce, MIN_GZIP_BYTES } from '../http/encoding';
import { contractOperations, portalDocument, type ContractOperation } from '../contract/spec';
import type { BodyOf, OperationId, ParamsOf, QueryOf, ResultOf } from '../contract/types';
import { describedOperation } from '../audit/operations';
import { startRecording } from '../audit/recorder';
import { clientOf, userActor } from '../audit/caller';
import type { Actor } from '../audit/entry';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `route`'s onRequest hook; absent on public routes, so each read must check it. */
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    operationId?: string;
    /** The operation answers errors with a page (a browser navigation), not an `Error` body. */
    htmlErrors?: boolean;
    /** The heading of those pages, when not the sign-in's. */
    pageTitle?: string;
  }
}

/** Who may call an operation: roles (any signed-in user when absent) and the feature it belongs to. */
export interface Access {
  roles?: readonly Role[];
  feature?: FeatureName;
}

/** What a request brings a handler, typed by its operation (the contract has validated it). */
interface Call<O extends OperationId> {
  body: BodyOf<O>;
  query: QueryOf<O>;
  params: ParamsOf<O>;
  request: FastifyRequest;
}

const callOf = <O extends OperationId>(request: FastifyRequest): Call<O> => ({
  body: request.body as BodyOf<O>,
  query: request.query as QueryOf<O>,
  params: request.params as ParamsOf<O>,
  request,
});

interface RouteContext<O extends OperationId> extends Call<O> {
  auth: AuthContext;
  db: Db;
}

export interface PublicContext<O extends OperationId> extends Call<O> {
  db: Db;
  /** For the few public operations that set or clear a cookie. */
  reply: FastifyReply;
}

/** Per-route options of a signed-in operation. */
interface RouteOptions {
  /**
   * Requests a minute one user may make (@fastify/rate-limit, keyed by workspace and user):
   * for operations that send mail, ask Superset or queue a webhook call. Past it, 429 with
   * Retry-After.
   */
  perUserPerMinute?: number;
}

/**
 * A per-user limit, checked before the handler: after the sign-in check has set `request.auth`
 * and after the contract's validation, so a refused bad request costs none of it.
 */
const perUserLimit = (max: number) => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `user ${request.auth.workspaceId}:${request.auth.userId}` : request.ip,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    return new HttpError(
      429,
      'rate_limited',
      `You have done this too often in the last minute. Try again in ${seconds} s.`,
    );
  },
});

/** Per-route options of a public operation: a per-address rate limit (@fastify/rate-limit). */
interface PublicOptions {
  rateLimit?: { max: number; timeWindow: number | string };
  /** The heading of its error pages (the sign-in's by default). */
  pageTitle?: string;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function contractOperation(operationId: OperationId): ContractOperation {
  const op = contractOperations.get(operationId);
  if (!op) throw new Error(`${operationId} is not in openapi/portal.yaml`);
  return op;
}

/** Only the parts the contract defines: Fastify warns about a part that is present but empty. */
function schemaOf(op: ContractOperation) {
  const parts = { body: op.body, querystring: op.querystring, params: op.params };
  const defined = Object.entries(parts).filter(([, schema]) => schema !== undefined);
  return { ...Object.fromEntries(defined), response: op.responses };
}

function checkAccess(op: ContractOperation, access: Access, auth: AuthContext) {
  if (access.roles && !access.roles.includes(auth.role)) {
    throw forbidden('Your role does not allow this.');
  }
  if (!access.feature) return;
  const flags = auth.features[access.feature];
  const label = access.feature.replace('_', ' ');
  if (!flags.enabled)
    throw forbidden(`The ${label} feature is disabled for this workspace.`, 'feature_disabled');
  if (flags.read_only && WRITES.has(op.method)) {
    throw forbidden(`The ${label} feature is read-only for this workspace.`, 'read_only');
  }
}

interface RawResult {
  status: number;
  body?: unknown;
  location?: string;
}

// A frozen body is one a cache hands out again unchanged (the 5,000-user list, 850 kB): its
// checked JSON is kept as bytes, so a repeat reply neither serializes nor encodes it again.
const frozenBodies = new WeakMap<object, Buffer>();

/** The reply's bytes for a frozen body, checked against the contract by the route's serializer. */
function bytesOf(reply: FastifyReply, body: object): Buffer {
  let bytes = frozenBodies.get(body);
  if (!bytes) {
    const json = reply.serialize(body);
    bytes = Buffer.from(typeof json === 'string' ? json : new Uint8Array(json));
    frozenBodies.set(body, bytes);
  }
  return bytes;
}

async function send(reply: FastifyReply, result: RawResult) {
  if (result.location !== undefined) return reply.redirect(result.location, result.status);
  reply.code(result.status);
  if (result.status === 204) return reply.send();
  const { body } = result;
  if (typeof body === 'object' && body !== null && Object.isFrozen(body)) {
    const bytes = bytesOf(reply, body);
    reply.type('application/json; charset=utf-8');
    if (bytes.length < MIN_GZIP_BYTES) return reply.send(bytes);
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(bytes);
    return reply.header('content-encoding', 'gzip').send(gzipOnce(bytes));
  }
  return reply.send(body);
}

/** True when the contract documents the operation's error replies as text/html pages. */
function answersWithPages(op: ContractOperation): boolean {
  const item = portalDocument.paths[op.path]?.[op.method.toLowerCase()] as
    | { responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }> }
    | undefined;
  return Object.entries(item?.responses ?? {}).some(([status, response]) => {
    if (!/^[45]/.test(status)) return false;
    const name = response.$ref?.replace('#/components/responses/', '');
    const resolved = (name ? portalDocument.components.responses?.[name] : response) as
      { content?: Record<string, unknown> } | undefined;
    return resolved?.content?.['text/html'] !== undefined;
  });
}

/**
 * Runs a handler with the Db it should use: for an operation the audit log describes
 * (server/audit/operations.ts), one that records the change in the change's own transaction.
 */
async function audited<O extends OperationId, R>(
  app: FastifyInstance,
  operationId: O,
  call: Call<O>,
  auth: AuthContext | undefined,
  handler: (db: Db) => Promise<R>,
): Promise<R> {
  const { db } = app;
  const description = app.auditLog ? describedOperation(operationId) : undefined;
  if (!description) return handler(db);
  const { body, query, params, request } = call;
  const actor: Actor | null = auth ? userActor(auth) : null;
  const input = {
    body,
    query,
    params,
    workspaceId: auth?.workspaceId ?? 0,
    userId: auth?.userId ?? null,
    email: auth?.email ?? null,
    tokenHash: auth?.tokenHash ?? null,
  };
  const recording = startRecording(db, operationId, description, input, {
    actor,
    client: clientOf(request),
  });
  const result = await handler(recording.db);
  await recording.finish();
  return result;
}

/**
 * Registers a signed-in operation from the contract. Order matters: token (401), XSRF on writes
 * (403), role and feature (403), then the contract's validation of the request (400).
 */
export function route<O extends OperationId>(
  app: FastifyInstance,
  operationId: O,
  access: Access,
  handler: (ctx: RouteContext<O>) => Promise<ResultOf<O>>,
  options: RouteOptions = {},
): void {
  const op = contractOperation(operationId);
  if (op.public) throw new Error(`${operationId} is public in the contract; use publicRoute`);
  const limit = options.perUserPerMinute;
  app.route({
    method: op.method,
    url: op.url,
    schema: schemaOf(op),
    config: { operationId, ...(limit ? { rateLimit: perUserLimit(limit) } : {}) },
    onRequest: async (request) => {
      const { authorization } = request.headers;
      if (isBearer(authorization)) {
        const auth = await apiTokenCaller(app.db, op, authorization, app.sessions.now());
        checkAccess(op, access, auth);
        request.auth = auth;
        return;
      }
      const auth = await authenticate(app.db, authorization, app.sessions);
      if (!auth) throw unauthorized();
      if (WRITES.has(op.method) && !hasValidXsrf(request)) {
        throw forbidden('The XSRF token is missing or does not match; reload the page.', 'xsrf');
      }
      checkAccess(op, access, auth);
      request.auth = auth;
    },
    handler: async (request, reply) => {
      const { auth } = request;
      if (!auth) throw unauthorized();
      const call = callOf<O>(request);
      const result = await audited(app, operationId, call, auth, (db) =>
        handler({ ...call, auth, db }),
      );
      return send(reply, result);
    },
  });
}

/** Registers an operation the contract marks public (`security: []`). */
export function publicRoute<O extends OperationId>(
  app: FastifyInstance,
  operationId: O,
  handler: (ctx: PublicContext<O>) => Promise<ResultOf<O>>,
  options: PublicOptions = {},
): void {
  const op = contractOperation(operationId);
  if (!op.public) throw new Error(`${operationId} needs a token in the contract; use route`);
  app.route({
    method: op.method,
    url: op.url,
    schema: schemaOf(op),
    config: {
      operationId,
      htmlErrors: answersWithPages(op),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.pageTitle ? { pageTitle: options.pageTitle } : {}),
    },
    handler: async (request, reply) => {
      const call = callOf<O>(request);
      const result = await audited(app, operationId, call, undefined, (db) =>
        handler({ ...call, db, reply }),
      );
      return send(reply, result);
    },
  });
}
