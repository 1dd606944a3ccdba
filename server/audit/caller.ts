import { userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/authenticate';
import type { Actor, Client } from './entry';

// Who an audit entry names as acting, and from where: a signed-in request or the operator CLI.

/** Who acts: the actor and where from. */
export interface Caller {
  actor: Actor;
  client: Client;
}

/** Where a request came from (Fastify's `TRUST_PROXY` rules give the address). */
export const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The signed-in user, or the API token that called (its name and first characters). */
export const userActor = (auth: AuthContext): Actor =>
  auth.apiToken
    ? {
        kind: 'user',
        userId: null,
        name: `API token ${auth.apiToken.name} (${auth.apiToken.prefix}…)`,
      }
    : { kind: 'user', userId: auth.userId, name: auth.email };

/** The operator CLI, as the OS user that runs it. */
const operatorActor = (): Actor => ({
  kind: 'cli',
  userId: null,
  name: userInfo().username,
});

export const requestCaller = (request: FastifyRequest, auth: AuthContext): Caller => ({
  actor: userActor(auth),
  client: clientOf(request),
});

export const operatorCaller = (): Caller => ({
  actor: operatorActor(),
  client: { address: null, userAgent: null },
});
