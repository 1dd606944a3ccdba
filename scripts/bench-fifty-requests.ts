/**
 * One statistics request of `npm run bench -- fifty` (bench-fifty.ts): its first (computed)
 * reply, then alone and under 50 connections, with what a reply costs the server thread and the
 * load client, and the load client's floor for the same bytes.
 */
import { get } from 'node:http';
import type { RunningApp } from './bench-fifty-app';
import { stealNote, withSteal } from './machine-steal';
import {
  againstInstant,
  costed,
  percentile,
  runLoad,
  type Costed,
  type LoadPlan,
  type LoadResult,
  type RawReply,
} from './load-client';

/** How long a measurement of one person or of the floor runs. */
export const SINGLE_SECONDS = 8;

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/** What one reply costs alone and under load, and the load client's floor for the same bytes. */
function costLine(alone: Costed, fifty: Costed, floorLoad: LoadResult): string {
  const each = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
  const longest = Math.max(0, ...fifty.gc);
  const paused = fifty.gc.reduce((sum, pause) => sum + pause, 0);
  return (
    `    per reply: server thread ${each(alone.server)} ms alone, ${each(fifty.server)} ms under ` +
    `50; load client ${each(fifty.client)} ms; statements ${alone.statements.toFixed(2)} alone, ` +
    `${fifty.statements.toFixed(2)} under 50; GC under 50: ${fifty.gc.length} pauses, ` +
    `${ms(paused)} in all, longest ${ms(longest)}; floor (the load client, 50 connections, against a server that ` +
    `answers the same bytes at once): p50 ${ms(percentile(floorLoad.views, 0.5))}, ` +
    `p99 ${ms(percentile(floorLoad.views, 0.99))}`
  );
}

const onTheWire = (reply: RawReply) =>
  `${(reply.bytes.length / 1000).toFixed(1)} kB${reply.encoding ? ` ${reply.encoding}` : ''}`;

/** A reply as the server sends it to a browser: compressed when it compresses. */
function rawReply(url: string, token: string): Promise<RawReply> {
  const headers = { authorization: `Token ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
  return new Promise((resolve, reject) => {
    get(url, { headers }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        const encoding = reply.headers['content-encoding'];
        resolve({ bytes: Buffer.concat(chunks), ...(encoding ? { encoding } : {}) });
      });
    }).on('error', reject);
  });
}

/** One statistics request: its first (computed) reply, then alone and under 50 connections. */
export async function endpoint(
  plan: Omit<LoadPlan, 'waves' | 'clients'>,
  app: RunningApp,
  label: string,
  path: string,
) {
  const started = performance.now();
  const reply = await rawReply(`${plan.baseUrl}${path}`, plan.tokens[0] ?? '');
  const first = performance.now() - started;
  const waves = [[path]];
  const alone = await costed(app.probe, () =>
    runLoad({ ...plan, clients: 1, seconds: SINGLE_SECONDS, waves }),
  );
  const single = percentile(alone.load.views, 0.5);
  const [fifty, steal] = await withSteal(() =>
    costed(app.probe, () => runLoad({ ...plan, clients: 50, socketsPerClient: 1, waves })),
  );
  const replies = fifty.load.views;
  const floorLoad = await againstInstant(reply, {
    ...plan,
    clients: 50,
    socketsPerClient: 1,
    seconds: SINGLE_SECONDS,
    waves,
  });
  return [
    `  ${label} (${onTheWire(reply)}): first (computed) ${ms(first)}; alone median ${ms(single)}; ` +
      `50 connections p50 ${ms(percentile(replies, 0.5))}, p99 ${ms(percentile(replies, 0.99))}, ` +
      `${(replies.length / plan.seconds).toFixed(0)} replies/s; ` +
      `p99 ÷ alone median ${(percentile(replies, 0.99) / single).toFixed(1)} (budget 10)` +
      stealNote(steal) +
      (fifty.load.failures.length > 0
        ? `; ${fifty.load.failures.length} failed (${fifty.load.failures[0]})`
        : ''),
    costLine(alone, fifty, floorLoad),
  ];
}
