/**
 * Issue 22's Graph figure for `npm run bench -- sync`: a first sync of a mailbox whose Inbox
 * holds 12,000 messages of the range, past the 5,000 a filtered delta query returns, from the
 * Graph stand-in into a fresh embedded database (PGlite), through the connector and commitBatch
 * as the worker does. Creating the database and filling the stand-in are not timed.
 * Run alone: `npx tsx scripts/bench-graph-sync.ts`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMicrosoftConnector } from '../server/mail/microsoft/connector';
import { startGraphStandin } from '../test/support/graph-standin';
import { nth, timeSync, withBenchDb } from './bench-gmail-sync';

const MESSAGES = 12_000;

export async function graphSyncTimings(scratchDir: string): Promise<string[]> {
  const standin = await startGraphStandin();
  try {
    return await withBenchDb(scratchDir, async (db, _, mailbox) => {
      const target = await mailbox('graph');
      const box = standin.addMailbox(target.email);
      for (let i = 0; i < MESSAGES; i += 1) {
        const m = nth(i, MESSAGES);
        box.add('inbox', {
          received: m.at,
          from: { name: 'Customer', address: m.customer },
          to: [{ address: target.email }],
          subject: m.subject,
          conversationId: m.thread,
          internetMessageId: `<m${i}@bench.example>`,
        });
      }
      const urls = { loginBaseUrl: standin.loginBaseUrl, graphBaseUrl: standin.graphBaseUrl };
      const run = await timeSync(db, createMicrosoftConnector(standin.account, urls), target);
      const calls = standin.server.calls.filter((call) => call.path.startsWith('/v1.0/'));
      return [
        `Graph sync of ${MESSAGES.toLocaleString('en')} messages in one folder: ` +
          `${run.seconds.toFixed(1)} s (CPU ${run.cpuSeconds.toFixed(1)} s), ` +
          `${run.inserted.toLocaleString('en')} stored of ${MESSAGES.toLocaleString('en')}, ` +
          `${run.batches} batches, ${calls.length} Graph calls`,
      ];
    });
  } finally {
    await standin.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  graphSyncTimings(resolve(fileURLToPath(new URL('../.tmp/', import.meta.url))))
    .then((lines) => lines.forEach((text) => console.log(text)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
