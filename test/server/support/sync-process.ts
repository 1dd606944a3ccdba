import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestDbLocation } from './test-db';
import { TEST_KEY } from './mail-sync';
import { bundled } from './server-process';

// The kill tests' sync process (test/support/sync-child.ts): the real worker code in a child
// that a test kills with SIGKILL after so many committed batches, or when it chooses.

export interface SyncExit {
  signal: NodeJS.Signals | null;
  code: number | null;
  /** Batches the child said it committed before it ended. */
  committed: number;
}

export interface SyncProcess {
  exited: Promise<SyncExit>;
  kill(): void;
}

/** The child's environment: the test database, the credentials key and the workspace. */
export function syncEnv(
  location: TestDbLocation,
  workspaceId: number,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const { databaseUrl, dataDir } = location.options;
  return {
    ...process.env,
    LOG_LEVEL: 'silent',
    SECRETS_KEY: TEST_KEY.toString('hex'),
    WORKSPACE_ID: String(workspaceId),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    ...extra,
  };
}

/** Starts the sync child; after `killAfter` committed batches it is killed with SIGKILL. */
export function startSyncChild(env: NodeJS.ProcessEnv, killAfter?: number): SyncProcess {
  const child = spawn(process.execPath, bundled('sync-child'), {
    env,
    stdio: 'pipe',
  });
  let committed = 0;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('committed ')) return;
    committed += 1;
    if (committed === killAfter) child.kill('SIGKILL');
  });
  const exited = new Promise<SyncExit>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code !== 0 && signal === null) console.error(stderr);
      resolve({ code, signal, committed });
    }),
  );
  return { exited, kill: () => void child.kill('SIGKILL') };
}
