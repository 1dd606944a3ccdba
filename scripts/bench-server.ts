/**
 * Issue 4's server figure for `npm run bench`: the reply time of the users list with 5,000 users
 * on the embedded database (PGlite), over real HTTP on loopback with keep-alive. The real app
 * runs in this process on a fresh data folder in .tmp; the users go in by one set-based insert
 * into the same tables the API writes (half admins, half managers with a team and a mailbox).
 */
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { issueToken } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Tx } from '../server/db/types';
import { addUser, createWorkspace } from '../server/repos/workspaces';

export const USERS = 5000;
const WARM_UP = 20;
const SAMPLES = 300;
const BUDGET_P95_MS = 50;
const DOMAIN = 'bench.example';

/** A workspace with 5,000 users besides its admin; returns the admin's token. */
export async function seedUsersWorkspace(tx: Tx): Promise<string> {
  const { workspace_id: id } = await createWorkspace(tx, {
    client_name: 'Bench',
    allowed_domains: [DOMAIN],
    provider: 'G',
    max_mailboxes: 100,
    max_users: USERS + 1,
    max_alerts: 5,
  });
  const admin = await addUser(tx, id, {
    email: `admin@${DOMAIN}`,
    full_name: 'Admin',
    role: 'admin',
  });
  await tx.query(
    `insert into mailboxes (workspace_id, email, full_name, status)
     select $1, 'desk' || i || '@${DOMAIN}', 'Desk ' || i, 'working' from generate_series(1, 50) i`,
    [id],
  );
  await tx.query(`insert into teams (workspace_id, name) values ($1, 'Sales')`, [id]);
  await tx.query(
    `insert into users (workspace_id, email, full_name, role)
     select $1, 'bench.user' || lpad(i::text, 4, '0') || '@${DOMAIN}', 'Bench User ' || i,
            case when i % 2 = 0 then 'admin' else 'manager' end
       from generate_series(0, $2::int - 1) i`,
    [id, USERS],
  );
  await tx.query(
    `insert into manager_teams (workspace_id, user_id, team_id)
     select u.workspace_id, u.user_id, t.team_id from users u join teams t using (workspace_id)
      where u.workspace_id = $1 and u.role = 'manager'`,
    [id],
  );
  await tx.query(
    `insert into manager_mailboxes (workspace_id, user_id, mailbox_id)
     select u.workspace_id, u.user_id, m.mailbox_id from users u join mailboxes m using (workspace_id)
      where u.workspace_id = $1 and u.role = 'manager' and m.email = 'desk1@${DOMAIN}'`,
    [id],
  );
  return issueToken(tx, id, admin.user_id, 1);
}

export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Times SAMPLES sequential GETs after WARM_UP untimed ones; throws on any reply but 200. */
async function timeUsersList(
  url: string,
  token: string,
): Promise<{ samples: number[]; bytes: number }> {
  const headers = { authorization: `Token ${token}` };
  let bytes = 0;
  const once = async () => {
    const started = performance.now();
    const reply = await fetch(`${url}/portal/api/settings/users/`, { headers });
    const body = await reply.arrayBuffer();
    const elapsed = performance.now() - started;
    if (reply.status !== 200) throw new Error(`the users list answered ${reply.status}`);
    bytes = body.byteLength;
    return elapsed;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await once());
  return { samples, bytes };
}

export async function serverTimings(scratchDir: string): Promise<string[]> {
  const dataDir = resolve(scratchDir, `bench-server-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(scratchDir, { recursive: true });
  const db = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    const token = await db.transaction(seedUsersWorkspace);
    const clientDir = resolve(scratchDir, 'no-client');
    const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: clientDir });
    app = await buildApp({ config, db, logger: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const { samples, bytes } = await timeUsersList(url, token);
    const sorted = [...samples].sort((a, b) => a - b);
    const ms = (q: number) => `${percentile(sorted, q).toFixed(1)} ms`;
    return [
      `GET /portal/api/settings/users/ with ${USERS + 1} users (${(bytes / 1000).toFixed(0)} kB), ${SAMPLES} sequential requests after ${WARM_UP} to warm up`,
      `median ${ms(0.5)}, p95 ${ms(0.95)}, max ${ms(1)} (budget ${BUDGET_P95_MS} ms at p95)`,
    ];
  } finally {
    // Once built, the app owns the database and closes it.
    await (app ? app.close() : db.close());
    await rm(dataDir, { recursive: true, force: true });
  }
}
