import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { statementOf, toDbError, type Db, type Tx } from './types';
import type { Sql } from './sql';
import { endableTx, TxScope } from './tx-scope';
import { lockDataDir } from './data-dir-lock';
import { voidEarlierLeases } from './earlier-leases';
import type { PgliteReply, PgliteRequest } from './pglite-messages';
import { runtimeFiles } from '../runtime-files';

// PGlite is one connection, and it runs on a thread of its own (server/db/pglite-thread.ts).
// PostgreSQL in WebAssembly runs each statement synchronously: on the server's thread, under
// load, half of that thread's time went to statements, during which no request was read, parsed
// or answered. On its own thread the statements run beside the server's JavaScript, on the
// machine's other core. The thread answers calls in the order they were sent; the lock here
// decides that order. A statement outside a transaction holds the lock only while it is sent,
// so statements queue in the thread back to back; a transaction holds it from BEGIN to COMMIT,
// so no other statement runs inside it. The lock is first come, first served.

/** A call's settlement, in the order the calls were sent (the thread answers in that order). */
interface Pending {
  id: number;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

/** PGlite's two WebAssembly modules, compiled. */
interface WasmModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

const packageFile = createRequire(import.meta.url).resolve;
let compiled: Promise<WasmModules> | undefined;

// PGlite compiles its modules on every opening unless it is handed them; each thread would compile
// them again (seconds of CPU for the optimizing tier). The process compiles them once and hands
// them to every thread, which shares the compiled code.
function wasmModules(): Promise<WasmModules> {
  const compile = async (name: string) =>
    WebAssembly.compile(await readFile(packageFile(`@electric-sql/pglite/${name}`)));
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
  );
  return compiled;
}

function errorOf(reply: PgliteReply & { ok: false }): Error {
  return Object.assign(new Error(reply.message), reply.fields);
}

/**
 * The thread's file, or PGLITE_THREAD when set: a test-only setting, with which the tests (run
 * from source) load the thread of their run's bundle (test/server/support/global-setup.ts), as
 * tsx compiling it for each of their hundreds of databases cost about 0.4 s of CPU each.
 */
const threadFile = (env: NodeJS.ProcessEnv = process.env) =>
  env.PGLITE_THREAD ? { file: env.PGLITE_THREAD, execArgv: [] } : runtimeFiles.pgliteThread;

class PgliteThread {
  readonly #worker: Worker;
  // An array, not a Map keyed by id: replies come in order, and a long-lived Map churned by
  // set/delete links its old tables to new ones, keeping settled callers from the young-generation
  // collector (see server/db/fresh-batch.ts).
  #pending: Pending[] = [];
  #nextId = 1;
  #failure: Error | null = null;

  constructor(dataDir: string, modules: WasmModules) {
    // From source the thread is TypeScript, which tsx loads; built, it is plain JavaScript.
    const { file, execArgv } = threadFile();
    this.#worker = new Worker(file, { workerData: { dataDir, ...modules }, execArgv });
    this.#worker.on('message', (reply: PgliteReply) => this.#settle(reply));
    const fail = (error: Error) => {
      this.#failure = error;
      for (const pending of this.#pending.splice(0)) pending.reject(error);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The database thread stopped (${code}).`)));
  }

  /** Resolves once PGlite has opened the folder (or rejects with why it could not). */
  opened(): Promise<unknown[]> {
    return this.#expect(0);
  }

  send(call: PgliteRequest): Promise<unknown[]> {
    const id = this.#nextId++;
    const settled = this.#expect(id);
    this.#worker.postMessage({ ...call, id });
    return settled;
  }

  terminate(): Promise<number> {
    return this.#worker.terminate();
  }

  #expect(id: number): Promise<unknown[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    // The thread keeps the process alive only while a call waits for it, as a socket would.
    if (this.#pending.length === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#pending.push({ id, resolve, reject }));
  }

  #settle(reply: PgliteReply) {
    const pending = this.#pending.shift();
    if (this.#pending.length === 0) this.#worker.unref();
    if (!pending || pending.id !== reply.id)
      throw new Error('database thread replied out of order');
    if (reply.ok) pending.resolve(reply.rows);
    else pending.reject(errorOf(reply));
  }
}

/** First come, first served: acquire() resolves with the release once the holders before leave. */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

async function run<R extends object>(
  thread: PgliteThread,
  statement: Sql | string,
  parameters: readonly unknown[] | undefined,
): Promise<R[]> {
  const { text, values } = statementOf(statement, parameters);
  try {
    return (await thread.send({ kind: 'query', text, params: values })) as R[];
  } catch (error) {
    throw toDbError(error);
  }
}

/** Opens PGlite in dataDir, holding the folder's lock (DataDirLockedError when another has it). */
export async function openPglite(dataDir: string): Promise<Db> {
  const modules = await wasmModules();
  const lock = dataDir.startsWith('memory://') ? null : lockDataDir(dataDir);
  const thread = new PgliteThread(dataDir, modules);
  try {
    await thread.opened();
    // The lock is ours: no process of before is alive to hold a lease.
    if (lock) await voidEarlierLeases({ query: (statement) => run(thread, statement, undefined) });
  } catch (error) {
    await thread.terminate();
    lock?.release();
    throw error;
  }
  return pgliteDb(thread, () => lock?.release());
}

function pgliteDb(thread: PgliteThread, releaseFolder: () => void): Db {
  const scope = new TxScope();
  const order = new Lock();
  /** Sends one statement in its turn; the lock is released once it is on its way. */
  const alone = async <R extends object>(statement: Sql | string, params?: readonly unknown[]) => {
    const release = await order.acquire();
    const rows = run<R>(thread, statement, params);
    release();
    return rows;
  };
  return {
    kind: 'pglite',
    query<R extends object>(sql: Sql | string, params?: readonly unknown[]): Promise<R[]> {
      scope.assertOutside('query');
      return alone<R>(sql, params);
    },
    async runScript(text: string): Promise<void> {
      scope.assertOutside('runScript');
      await alone(text);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      scope.assertOutside('transaction');
      const release = await order.acquire();
      try {
        return await inTransaction(thread, scope, fn);
      } finally {
        release();
      }
    },
    async dumpDataDir(): Promise<Buffer> {
      scope.assertOutside('dumpDataDir');
      const release = await order.acquire();
      try {
        const [tar] = (await thread.send({ kind: 'dump' })) as Uint8Array[];
        return Buffer.from(tar ?? []);
      } finally {
        release();
      }
    },
    close: async () => {
      const release = await order.acquire();
      try {
        await thread.send({ kind: 'close' });
        await thread.terminate();
      } finally {
        release();
        releaseFolder();
      }
    },
  };
}

async function inTransaction<T>(
  thread: PgliteThread,
  scope: TxScope,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { tx, end } = endableTx((sql, params) => run(thread, sql, params));
  await run(thread, 'BEGIN', undefined);
  try {
    const result = await scope.run(() => fn(tx));
    end();
    await run(thread, 'COMMIT', undefined);
    return result;
  } catch (error) {
    end();
    await run(thread, 'ROLLBACK', undefined);
    throw error;
  }
}
