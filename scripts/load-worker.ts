/**
 * The load client's thread (load-client.ts starts it, once per process): for each plan it is
 * sent, `clients` simulated people, each with at most `socketsPerClient` keep-alive connections
 * (load-connection.ts), repeating one view until the time is up, recording every reply's time.
 * Each person keeps the cookies the server sets (the XSRF cookie) and sends them back, as a
 * browser does. The thread lives for all the plans of a bench, so its code is compiled and warm
 * after the first, as a browser's is: a new thread per plan spent its first second compiling,
 * and that second held most of the slowest replies it reported, against any server.
 */
import { parentPort } from 'node:worker_threads';
import { Connection } from './load-connection';
import { threadCpuMs } from './thread-cpu';
import type { LoadPlan, LoadResult } from './load-client';

// What Chromium sends. Compressed replies are counted to their last byte, not unzipped: the time
// is the server's (the load client parses no JSON either).
const ACCEPT_ENCODING = 'accept-encoding: gzip, deflate, br, zstd\r\n';

/** One plan's people and what they recorded. */
class Run {
  readonly hostname: string;
  readonly port: number;
  readonly views: number[] = [];
  readonly requests: Record<string, number[]> = {};
  readonly failures: string[] = [];
  until = 0;
  slowest = { ms: 0, at: 0 };

  constructor(readonly plan: LoadPlan) {
    const { hostname, port } = new URL(plan.baseUrl);
    this.hostname = hostname;
    this.port = Number(port);
  }
}

/** One person: a session, cookies, and up to `socketsPerClient` connections. */
class Person {
  readonly #idle: Connection[] = [];
  readonly #waiting: ((connection: Connection | undefined) => void)[] = [];
  readonly #cookies = new Map<string, string>();
  #open = 0;

  constructor(
    private readonly run: Run,
    private readonly token: string,
  ) {}

  async #acquire(): Promise<Connection | undefined> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#open >= this.run.plan.socketsPerClient) {
      return new Promise((resolve) => this.#waiting.push(resolve));
    }
    this.#open += 1;
    try {
      return await Connection.open(this.run.hostname, this.run.port);
    } catch (error) {
      this.#open -= 1;
      throw error;
    }
  }

  #release(connection: Connection) {
    if (connection.closed) this.#open -= 1;
    const next = this.#waiting.shift();
    if (next) next(connection.closed ? undefined : connection);
    else if (!connection.closed) this.#idle.push(connection);
  }

  #head(): string {
    let head = `host: ${this.run.hostname}:${this.run.port}\r\nauthorization: Token ${this.token}\r\naccept: application/json\r\n${ACCEPT_ENCODING}`;
    if (this.#cookies.size > 0) {
      head += `cookie: ${[...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')}\r\n`;
    }
    return head;
  }

  async get(path: string, record = true): Promise<void> {
    const name = path.split('?')[0] ?? path;
    const fail = (why: string) => record && this.run.failures.push(`${why} ${name}`);
    const started = performance.now();
    let connection: Connection | undefined;
    try {
      // A connection handed over closed makes way for a new one.
      connection = (await this.#acquire()) ?? (await this.#acquire());
    } catch (error) {
      return void fail((error as Error).message);
    }
    if (!connection) return void fail('no connection');
    try {
      const reply = await connection.get(path, this.#head());
      for (const cookie of reply.cookies) {
        const [key = '', value = ''] = cookie.split('=');
        this.#cookies.set(key, value);
      }
      if (!record) return;
      if (reply.status !== 200) fail(String(reply.status));
      else this.#record(name, started);
    } catch (error) {
      fail((error as Error).message);
    } finally {
      this.#release(connection);
    }
  }

  #record(name: string, started: number) {
    const ms = performance.now() - started;
    const { run } = this;
    (run.requests[name] ??= []).push(ms);
    if (ms > run.slowest.ms) {
      run.slowest = { ms, at: started - (run.until - run.plan.seconds * 1000) };
    }
  }

  /** Opens every connection with the warm path, as a browser has them open from the page. */
  async warm(path: string) {
    const sockets = this.run.plan.socketsPerClient;
    await Promise.all(Array.from({ length: sockets }, () => this.get(path, false)));
  }

  async repeat() {
    const { run } = this;
    while (performance.now() < run.until) {
      const started = performance.now();
      for (const wave of run.plan.waves) await Promise.all(wave.map((path) => this.get(path)));
      run.views.push(performance.now() - started);
    }
    for (const connection of this.#idle) connection.close();
  }
}

async function runPlan(plan: LoadPlan): Promise<LoadResult> {
  const run = new Run(plan);
  const people = Array.from(
    { length: plan.clients },
    (_, index) => new Person(run, plan.tokens[index % plan.tokens.length] ?? ''),
  );
  // Everyone connects first; then the clock starts for all at once.
  const { warmPath } = plan;
  if (warmPath) await Promise.all(people.map((person) => person.warm(warmPath)));
  run.until = performance.now() + plan.seconds * 1000;
  const cpuBefore = threadCpuMs();
  await Promise.all(people.map((person) => person.repeat()));
  const cpuAfter = threadCpuMs();
  const clientCpuMs =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const { views, requests, failures, slowest } = run;
  return { views, requests, failures, clientCpuMs, slowestAt: slowest.at };
}

// One plan at a time: load-client.ts sends the next when this one's result is back.
parentPort?.on('message', (plan: LoadPlan) => {
  void runPlan(plan).then((result) => parentPort?.postMessage(result));
});
