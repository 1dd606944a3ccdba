import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { SCALAR_PARSERS } from './values';
import { tarDataFolder } from '../backup/data-folder-tar';
import type { PgliteCall, PgliteReply } from './pglite-messages';

// The embedded database on its own thread (see server/db/pglite.ts): PostgreSQL in WebAssembly
// runs each statement synchronously, so here it no longer holds up the server's event loop.
// Calls are answered strictly in the order they arrive; the server side orders them.

const { dataDir, pgliteWasmModule, initdbWasmModule } = workerData as {
  dataDir: string;
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
};
const port = parentPort;
if (!port) throw new Error('pglite-thread runs as a worker thread');

/** The error's own fields (code, constraint, detail…): a clone would keep only the message. */
function fieldsOf(error: unknown): PgliteReply & { ok: false } {
  if (!(error instanceof Error)) return { ok: false, id: 0, message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { ok: false, id: 0, message: error.message, fields };
}

async function answer(pglite: PGlite, call: PgliteCall): Promise<unknown[]> {
  if (call.kind === 'close') {
    await pglite.close();
    return [];
  }
  if (call.kind === 'dump') {
    // The checkpoint writes the changed pages out, so the copy needs no replay of the log.
    await pglite.exec('CHECKPOINT');
    return [tarDataFolder(dataDir)];
  }
  if (!call.params || call.params.length === 0) {
    // Simple protocol, like pg without parameters: a migration file may hold many statements.
    const results = await pglite.exec(call.text);
    return results.at(-1)?.rows ?? [];
  }
  return (await pglite.query(call.text, [...call.params])).rows;
}

async function serve(): Promise<void> {
  // Array types need no parsers here: PGlite builds them from the element type's parser.
  const pglite = new PGlite(dataDir, {
    parsers: { ...SCALAR_PARSERS },
    // Compiled once by the process (server/db/pglite.ts).
    pgliteWasmModule,
    initdbWasmModule,
  });
  let queue: Promise<void> = pglite.waitReady.then(
    () => port!.postMessage({ ok: true, id: 0, rows: [] } satisfies PgliteReply),
    (error: unknown) => port!.postMessage(fieldsOf(error)),
  );
  port!.on('message', (call: PgliteCall) => {
    queue = queue.then(async () => {
      let reply: PgliteReply;
      try {
        reply = { ok: true, id: call.id, rows: await answer(pglite, call) };
      } catch (error) {
        reply = { ...fieldsOf(error), id: call.id };
      }
      port!.postMessage(reply);
      if (call.kind === 'close') port!.close();
    });
  });
}

void serve();
