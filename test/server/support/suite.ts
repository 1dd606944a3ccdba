import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../../../server/db/types';
import type { Resolve } from '../../../server/outbound/safe-target';
import {
  client,
  createTestApp,
  createTestWorkspace,
  type TestApp,
  type TestWorkspace,
  type WorkspaceOptions,
} from './app';

/** A test file's app, built by hooks this helper registers, and fresh workspaces on it. */
export interface TestSuite {
  readonly app: FastifyInstance;
  readonly db: Db;
  /**
   * A new workspace on its own domain, `<prefix><n>.example`, named `Client <prefix><n>`, so
   * tests never share rows; options override either.
   */
  workspace: (options?: WorkspaceOptions) => Promise<TestWorkspace>;
  /** Calls the app as the workspace's admin. */
  admin: (ws: TestWorkspace) => ReturnType<typeof client>;
}

/**
 * Registers the hooks that build a real app on a fresh database and close it again: one app for
 * the file (or the describe block it is called in), or with `perTest` one for every test.
 */
export function setUpTestApp(
  prefix: string,
  {
    perTest = false,
    env = {},
    resolve,
    sessionClock,
  }: {
    perTest?: boolean;
    env?: Record<string, string>;
    resolve?: Resolve;
    sessionClock?: () => Date;
  } = {},
): TestSuite {
  let current: TestApp | undefined;
  let seq = 0;
  (perTest ? beforeEach : beforeAll)(async () => {
    current = await createTestApp(env, { resolve, sessionClock });
  });
  (perTest ? afterEach : afterAll)(async () => {
    await current?.close();
    current = undefined;
  });
  const running = (): TestApp => {
    if (!current) throw new Error('The test app exists only while tests run');
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get db() {
      return running().db;
    },
    workspace: (options = {}) => {
      seq += 1;
      const id = `${prefix}${seq}`;
      return createTestWorkspace(running().db, {
        domain: `${id}.example`,
        name: `Client ${id}`,
        ...options,
      });
    },
    admin: (ws) => client(running().app, ws.admin.token),
  };
}

/** A suite whose tests share one workspace on `domain`, made before they run. */
export function setUpTestWorkspace(
  domain: string,
  env: Record<string, string> = {},
): TestSuite & { readonly ws: TestWorkspace } {
  const suite = setUpTestApp(domain, { env });
  let shared: TestWorkspace | undefined;
  beforeAll(async () => {
    shared = await createTestWorkspace(suite.db, { domain });
  });
  return {
    get app() {
      return suite.app;
    },
    get db() {
      return suite.db;
    },
    get ws() {
      if (!shared) throw new Error('The shared workspace exists only while tests run');
      return shared;
    },
    workspace: suite.workspace,
    admin: suite.admin,
  };
}
