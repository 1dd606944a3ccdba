/**
 * The app under test of `npm run bench -- fifty`, in a process of its own, as a server runs: the
 * bench's own process holds Playwright and the load client, whose heap (some 70 to 90 MB) would
 * lengthen the app's garbage collections. bench-fifty-app.ts starts it with an IPC channel:
 * - it opens the database (`dataDir`, or `databaseUrl` with `workspaceId`), signs in fifty admins
 *   of the workspace (the demo one on PGlite) and answers `ready` with the app's URL and tokens;
 * - `probe` answers what the app has spent so far (server/… is not imported by the bench for it);
 * - `stop` removes the fifty admins, closes the app and the database, and ends the process.
 */
import '../server/production-mode';
import '../server/heap-tuning';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { issueToken } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { sql } from '../server/db/sql';
import type { Db } from '../server/db/types';
import { addUser } from '../server/repos/workspaces';
import { clientDir } from '../test/browser/support/server';
import type { AppProbe, AppReady, AppRequest, AppTarget } from './bench-fifty-app';
import { threadCpuMs } from './thread-cpu';

const EMAIL = 'fifty.person%@bench-people.example';

const target = JSON.parse(process.argv[2] ?? '{}') as AppTarget;
const send = (message: AppReady | AppProbe) => process.send?.(message);

/** The workspace: the given one, or the demo workspace (the embedded database's template). */
async function workspaceOf(db: Db): Promise<{ workspaceId: number; messages: number }> {
  const [found] = await db.query<{ workspace_id: number; messages: number }>(sql`
    select w.workspace_id, (select count(*) from messages m
                             where m.workspace_id = w.workspace_id)::int as messages
      from workspaces w
     where ${target.workspaceId ?? null}::int is null and w.is_demo
        or w.workspace_id = ${target.workspaceId ?? null}::int
     order by w.workspace_id limit 1`);
  if (!found) throw new Error('the bench database holds no such workspace');
  return { workspaceId: found.workspace_id, messages: found.messages };
}

/** `target.people` admins of the workspace, each with a session. */
function people(db: Db, workspaceId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const tokens: string[] = [];
    for (let i = 1; i <= target.people; i += 1) {
      const email = `fifty.person${i}.${workspaceId}@bench-people.example`;
      const user = await addUser(tx, workspaceId, {
        email,
        full_name: `Person ${i}`,
        role: 'admin',
      });
      tokens.push(await issueToken(tx, workspaceId, user.user_id, 1));
    }
    return tokens;
  });
}

async function main() {
  const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? '' });
  const { workspaceId, messages } = await workspaceOf(db);
  const remove = () =>
    db.query(sql`delete from users where workspace_id = ${workspaceId} and email like ${EMAIL}`);
  await remove();
  const tokens = await people(db, workspaceId);

  let statements = 0;
  const query = db.query.bind(db) as (...args: unknown[]) => Promise<object[]>;
  const counting = (...args: unknown[]) => {
    statements += 1;
    return query(...args);
  };
  // The app runs its reads through `counting`; the database stays open when the app closes.
  const borrowed = { ...db, query: counting, close: () => Promise.resolve() } as Db;
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: clientDir });
  const app = await buildApp({ config, db: borrowed, logger: false, backgroundWork: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  let pauses: number[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  }).observe({ entryTypes: ['gc'] });

  process.on('message', (message: AppRequest) => {
    if (message.type === 'probe') {
      const cpuMs = threadCpuMs() ?? performance.eventLoopUtilization().active;
      send({ type: 'probe', cpuMs, statements, gc: pauses });
      pauses = [];
      return;
    }
    void (async () => {
      await remove();
      await app.close();
      await db.close();
      process.disconnect();
    })();
  });
  // The bench gone (stopped, or killed) ends this process too; its next run removes the admins.
  process.once('disconnect', () => process.exit(0));
  send({ type: 'ready', url, tokens, workspaceId, messages });
}

await main();
