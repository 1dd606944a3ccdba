import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import { refusedRange } from './address-ranges';

// Every outbound HTTP delivery (alert webhooks, feedback and integration forwarding) goes through
// a guard: the host is resolved once, every address it resolves to is judged, and the connection
// goes to the address that was judged, so a name cannot answer a public address to the check and
// a private one to the connection. Redirects are not followed: a 3xx is a failed delivery.

/** Resolves a host name to all its addresses; dns.lookup in production, a table in tests. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

interface GuardOptions {
  /** OUTBOUND_ALLOW_PRIVATE: an on-premises receiver; addresses are not judged. */
  allowPrivate: boolean;
  resolve?: Resolve;
}

export interface OutboundGuard {
  /** At save time: why the URL may not be called, as a sentence; null when it may. */
  refusal(url: string): Promise<string | null>;
  /** fetch that connects only to judged addresses and never follows a redirect. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The sentence an admin reads when a webhook points inside the network. */
const insideMessage = (address: string, range: string) =>
  `This webhook address points inside your network (${address}, ${range}); ` +
  'Mailpulse only calls public addresses.';

/** The URL's host as an IP address (brackets dropped), or null when it is a name. */
function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? null : host;
}

/** Why none of these addresses may be called, or null when all are public. */
function refusedAmong(addresses: readonly LookupAddress[]): string | null {
  for (const { address } of addresses) {
    const range = refusedRange(address);
    if (range !== null) return insideMessage(address, range);
  }
  return null;
}

/** The `lookup` the agent's sockets use: resolves once, judges, hands on what it judged. */
function judgingLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((all) => {
        const refused = allowPrivate ? null : refusedAmong(all);
        if (refused !== null) throw new Error(refused);
        const wanted = options.family ? all.filter((a) => a.family === options.family) : all;
        const [first] = wanted;
        if (!first) throw new Error(`${hostname} has no address to connect to`);
        if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '');
      });
  };
}

export function createOutboundGuard({
  allowPrivate,
  resolve = systemResolve,
}: GuardOptions): OutboundGuard {
  const agent = new Agent({ connect: { lookup: judgingLookup(resolve, allowPrivate) } });
  return {
    async refusal(text) {
      if (allowPrivate) return null;
      const url = new URL(text);
      const literal = literalHost(url);
      if (literal !== null) return refusedAmong([{ address: literal, family: isIP(literal) }]);
      let addresses: LookupAddress[];
      try {
        addresses = await resolve(url.hostname);
      } catch {
        addresses = [];
      }
      if (addresses.length === 0) {
        return `The webhook's host ${url.hostname} was not found; check the address.`;
      }
      return refusedAmong(addresses);
    },
    async fetch(text, init) {
      // A socket to an IP address skips the lookup, so a literal host is judged here.
      const literal = allowPrivate ? null : literalHost(new URL(text));
      const refused = literal && refusedAmong([{ address: literal, family: isIP(literal) }]);
      if (refused) throw new Error(refused);
      return fetch(text, { ...init, dispatcher: agent, redirect: 'manual' });
    },
    close: () => agent.close(),
  };
}
