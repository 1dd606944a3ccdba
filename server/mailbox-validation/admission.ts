import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError } from '../http/errors';

// Who may open the validation socket, checked before the upgrade: a browser page of another
// site is refused by its Origin, and one address may hold only a few sockets that have not
// signed in yet (each may wait 10 s for its auth message).

/** Sockets one client address may hold open before their sign-in. */
const MAX_WAITING_PER_ADDRESS = 5;

const FOREIGN_ORIGIN = 'This socket only accepts connections from pages of Mailpulse itself.';
const TOO_MANY_WAITING =
  'Too many connections from your address are waiting to sign in. Close some and try again.';

/**
 * Refuses (403) a request whose Origin is neither PUBLIC_URL's nor the origin the request was
 * sent to (its Host): the same-origin check against cross-site websocket hijacking (OWASP's
 * WebSocket Security Cheat Sheet). The Host rule keeps a page served through a proxy or a port
 * forward working; another site's page always names its own origin. A browser always sends
 * Origin with a websocket upgrade; a client without one is not a page, so another site cannot
 * drive it.
 */
export function checkOrigin(request: FastifyRequest, publicUrl: string): void {
  const { origin, host } = request.headers;
  if (origin === undefined || origin === new URL(publicUrl).origin) return;
  if (host !== undefined && hostOf(origin) === host.toLowerCase()) return;
  throw forbidden(FOREIGN_ORIGIN, 'foreign_origin');
}

/** `host:port` of an origin as a Host header writes it, or undefined for "null" and the like. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Counts each address's sockets that have not signed in yet. */
export class WaitingSockets {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max = MAX_WAITING_PER_ADDRESS) {}

  /**
   * Holds a place for the address, or refuses (429) when it holds `max` already. The place is
   * given back by the function returned (at sign-in) or when the connection closes, once.
   */
  reserve(address: string, connection: { once(event: 'close', listener: () => void): unknown }) {
    const count = this.counts.get(address) ?? 0;
    if (count >= this.max) throw new HttpError(429, 'rate_limited', TOO_MANY_WAITING);
    this.counts.set(address, count + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const left = (this.counts.get(address) ?? 1) - 1;
      if (left > 0) this.counts.set(address, left);
      else this.counts.delete(address);
    };
    connection.once('close', release);
    return release;
  }
}
