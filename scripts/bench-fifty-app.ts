/**
 * Starts and talks to the app under test of `npm run bench -- fifty` (bench-fifty-server.ts), a
 * process of its own: what its main thread spends is asked for over IPC, as the bench cannot read
 * another process's thread. It starts with the flags `npm start` gives the server.
 */
import { fork } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import type { Spent } from './load-client';

/** Where the app's process finds its database and workspace. */
export interface AppTarget {
  /** How many admins it signs in, one session each: the bench's people. */
  people: number;
  /** PGlite's folder; the process opens it (one process per folder), so the bench must not. */
  dataDir?: string;
  databaseUrl?: string;
  /** The demo workspace when unset. */
  workspaceId?: number;
}

export interface AppReady {
  type: 'ready';
  url: string;
  /** The admins' session tokens, one per person. */
  tokens: string[];
  workspaceId: number;
  messages: number;
}

/** What the app's process has spent so far (its main thread's). */
export interface AppProbe extends Spent {
  type: 'probe';
}

export type AppRequest = { type: 'probe' } | { type: 'stop' };

export interface RunningApp extends Omit<AppReady, 'type'> {
  probe: () => Promise<AppProbe>;
  stop: () => Promise<void>;
}

export function startApp(target: AppTarget): Promise<RunningApp> {
  const child = fork(
    new URL('./bench-fifty-server.ts', import.meta.url),
    [JSON.stringify(target)],
    {
      execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const next = <T extends AppReady | AppProbe>(type: T['type']) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the app's process ended (${code})`));
      child.once('exit', onExit);
      const onMessage = (message: AppReady | AppProbe) => {
        if (message.type !== type) return;
        child.off('message', onMessage).off('exit', onExit);
        resolve(message as T);
      };
      child.on('message', onMessage);
    });
  return next<AppReady>('ready').then(({ type: _ready, ...ready }) => ({
    ...ready,
    probe: () => {
      const answer = next<AppProbe>('probe');
      child.send({ type: 'probe' } satisfies AppRequest);
      return answer;
    },
    stop: async () => {
      child.send({ type: 'stop' } satisfies AppRequest);
      await exited;
    },
  }));
}
