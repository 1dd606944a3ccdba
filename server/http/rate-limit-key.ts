import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config-sign-in';

export const FORWARDED_WITHOUT_TRUST =
  'Requests carry X-Forwarded-For but TRUST_PROXY is off: every client seems to come from the ' +
  "proxy's address, so all share one address's sign-in limit and the audit log records the " +
  'proxy. Behind reverse proxies set TRUST_PROXY to their number (1, 2…) or their addresses.';

/**
 * The address a rate limit counts a request under: the client's (request.ip). Behind a reverse
 * proxy without TRUST_PROXY that is the proxy's for everyone, and fifty people signing in at
 * nine would be refused as one; a request carrying X-Forwarded-For while the setting is off says
 * so in the log, once per app, as express-rate-limit does. Only rate-limited routes call this.
 */
export function rateLimitKey(trustProxy: TrustProxy): (request: FastifyRequest) => string {
  let warned = trustProxy !== false;
  return (request) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(FORWARDED_WITHOUT_TRUST);
    }
    return request.ip;
  };
}
