import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// The plumbing the Google and Microsoft stand-ins share: a JSON server on 127.0.0.1, form
// bodies, injected failures, a log of calls and the most calls in flight at once. Each answer
// goes out on the next turn of the event loop, as a real server's would, so calls a client
// makes together are seen together.

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as it is instead of `body` as JSON (with a content type in `headers`). */
  text?: string;
}

export interface StandinRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The url-encoded form body (token endpoints). */
  form(): Promise<URLSearchParams>;
  /** The body as text (one of the two may be read). */
  text(): Promise<string>;
}

export interface LoggedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
}

export interface InjectedFailure {
  status: number;
  /** Retry-After in seconds. */
  retryAfter?: number;
  /** Only calls whose path matches; any API call when absent. */
  path?: RegExp;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export const bearerOf = (headers: IncomingHttpHeaders) =>
  /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? null;

/** Failures to answer instead of the real reply, one call each, in order. */
export class FailureQueue {
  private readonly queue: InjectedFailure[] = [];

  add(failure: InjectedFailure, times = 1): void {
    for (let i = 0; i < times; i += 1) this.queue.push(failure);
  }

  take(path: string, body: (status: number) => unknown): Reply | null {
    const index = this.queue.findIndex((failure) => !failure.path || failure.path.test(path));
    if (index < 0) return null;
    const [failure] = this.queue.splice(index, 1);
    if (!failure) return null;
    const headers: Record<string, string> =
      failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
    return { status: failure.status, body: body(failure.status), headers };
  }
}

/** A stand-in's mailboxes by lower-cased address; `add` and `mailbox` are its API's own. */
export class MailboxRegistry<T> {
  readonly byEmail = new Map<string, T>();

  constructor(private readonly make: (email: string) => T) {}

  add = (email: string): T => {
    const mailbox = this.make(email.toLowerCase());
    this.byEmail.set(email.toLowerCase(), mailbox);
    return mailbox;
  };

  mailbox = (email: string): T => {
    const mailbox = this.byEmail.get(email.toLowerCase());
    if (!mailbox) throw new Error(`no mailbox ${email}`);
    return mailbox;
  };
}

export interface JsonServer {
  url: string;
  calls: LoggedCall[];
  /** The most calls in flight at once since the last reset. */
  peakInFlight(): number;
  resetPeak(): void;
  /** Calls `listener` with each call as it is answered, until the returned function is called. */
  onCall(listener: (call: LoggedCall) => void): () => void;
  /**
   * Resolves once no request is being handled and no connection is open. Idle connections are
   * closed, an aborted client's among them, so a request it sent before the abort has either
   * been handled or is never read. Throws after `boundMs` of real time.
   */
  settle(boundMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startJsonServer(
  handle: (request: StandinRequest) => Reply | Promise<Reply>,
): Promise<JsonServer> {
  const calls: LoggedCall[] = [];
  let inFlight = 0;
  let peak = 0;
  // Unlike inFlight, which a client's abort ends, this counts handlers until they answer.
  let handling = 0;
  const listeners = new Set<(call: LoggedCall) => void>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const standinRequest: StandinRequest = {
      method: request.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      headers: request.headers,
      form: async () => new URLSearchParams(await readText(request)),
      text: () => readText(request),
    };
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    response.on('close', () => (inFlight -= 1));
    handling += 1;
    const handled = () => (handling -= 1);
    Promise.resolve(handle(standinRequest)).then(
      (reply) =>
        setImmediate(() => {
          const call = { ...standinRequest, status: reply.status };
          calls.push(call);
          for (const listener of listeners) listener(call);
          response.writeHead(reply.status, {
            'content-type': 'application/json',
            ...reply.headers,
          });
          const json = reply.body === undefined ? undefined : JSON.stringify(reply.body);
          response.end(reply.text ?? json);
          handled();
        }),
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
        handled();
      },
    );
  });
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    peakInFlight: () => peak,
    resetPeak: () => {
      peak = 0;
    },
    onCall: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle: async (boundMs = 10_000) => {
      const deadline = Date.now() + boundMs;
      for (;;) {
        server.closeIdleConnections();
        if (handling === 0 && (await connections()) === 0) return;
        if (Date.now() > deadline) throw new Error(`the stand-in did not settle in ${boundMs} ms`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
