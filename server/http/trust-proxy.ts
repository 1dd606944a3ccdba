import type { TrustProxy } from '../config-sign-in';

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify refuses a bare hop count (it cannot check who
 * the nearest peer is), so a count is a function trusting that many hops nearest the server:
 * right when Mailpulse is reachable only through its proxies (docs/configuration-and-cli.md).
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
