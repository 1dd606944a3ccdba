import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../server/db/types';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { issueToken } from '../../../server/auth/tokens';
import { createTestDb } from './test-db';
import { tableResolver } from './webhook';
import type { Resolve } from '../../../server/outbound/safe-target';
import type { Role } from '../../../common/access-model';
import { addUser, createWorkspace, setSignInTrust } from '../../../server/repos/workspaces';

/** A real app on a fresh, migrated, empty database of the kind TEST_DB selects. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * `resolve`: the app's DNS, by default the public test names of tableResolver.
 * `sessionClock`: the clock of sessions and sign-in codes (server/app.ts's `sessionClock`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    resolve = tableResolver(),
    sessionClock,
  }: { resolve?: Resolve; sessionClock?: () => Date } = {},
): Promise<TestApp> {
  const db = await createTestDb();
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '.tmp/no-client', ...env });
  // The alert evaluator and the outbox forwarder do not run on their own: tests drive them.
  const app = await buildApp({
    config,
    db,
    logger: false,
    backgroundWork: false,
    resolve,
    sessionClock,
  });
  return { app, db, close: () => app.close() };
}

export interface Session {
  token: string;
  userId: number;
  email: string;
}

export interface TestWorkspace {
  workspaceId: number;
  domain: string;
  /** The client name (`client_name`). */
  name: string;
  admin: Session;
  manager: Session;
  viewer: Session;
}

export interface WorkspaceOptions {
  domain?: string;
  name?: string;
  provider?: 'G' | 'M';
  maxMailboxes?: number;
  maxUsers?: number;
  maxAlerts?: number;
  /** Entra tenants whose accounts may sign in (workspace:set --microsoft-tenants). */
  microsoftTenants?: string[];
}

/**
 * A workspace with an admin, a manager and a viewer (`admin@`, `manager@`, `viewer@` the domain),
 * every feature on, and a tracked mailbox for the viewer; each user has a live token.
 */
export async function createTestWorkspace(
  db: Db,
  options: WorkspaceOptions = {},
): Promise<TestWorkspace> {
  const domain = options.domain ?? 'acme.example';
  const name = options.name ?? domain;
  return db.transaction(async (tx) => {
    const { workspace_id: workspaceId } = await createWorkspace(tx, {
      client_name: name,
      allowed_domains: [domain],
      provider: options.provider ?? 'G',
      max_mailboxes: options.maxMailboxes ?? 25,
      max_users: options.maxUsers ?? 10,
      max_alerts: options.maxAlerts ?? 5,
    });
    if (options.microsoftTenants) {
      await setSignInTrust(tx, workspaceId, { microsoft_tenants: options.microsoftTenants });
    }
    await tx.query(
      `insert into mailboxes (workspace_id, email, full_name, status, data_from)
       values ($1, $2, 'Viewer User', 'working', current_date)`,
      [workspaceId, `viewer@${domain}`],
    );
    const session = async (role: Role): Promise<Session> => {
      const email = `${role}@${domain}`;
      const fullName = `${role[0]!.toUpperCase()}${role.slice(1)} User`;
      const user = await addUser(tx, workspaceId, { email, full_name: fullName, role });
      const token = await issueToken(tx, workspaceId, user.user_id, 30);
      return { token, userId: user.user_id, email };
    };
    return {
      workspaceId,
      domain,
      name,
      admin: await session('admin'),
      manager: await session('manager'),
      viewer: await session('viewer'),
    };
  });
}

export const XSRF = 'test-xsrf-token';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls the app as a browser would: token header, XSRF cookie and header, JSON bodies. */
export function client(app: FastifyInstance, token?: string) {
  const headers = (withBody: boolean): Record<string, string> => ({
    ...(token ? { authorization: `Token ${token}` } : {}),
    ...(withBody ? { 'content-type': 'application/json' } : {}),
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
  });
  const call = (method: Method, url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: headers(body !== undefined),
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    patch: (url: string, body?: unknown) => call('PATCH', url, body),
    delete: (url: string, body?: unknown) => call('DELETE', url, body),
    /** Any method, for tests that walk the contract's operations. */
    request: call,
  };
}

/** Sets a feature's flags for a workspace (tests of disabled and read-only features). */
export async function setFeature(
  db: Db,
  workspaceId: number,
  feature: string,
  enabled: boolean,
  readOnly: boolean,
) {
  await db.query(
    `update workspace_features set enabled = $3, read_only = $4 where workspace_id = $1 and feature = $2`,
    [workspaceId, feature, enabled, readOnly],
  );
}
