import { expect } from 'vitest';
import { client } from './app';
import { reportsWorkspace, type ReportsWorkspace } from './reports';
import { snapshotWorkspace } from './settings-sweep';
import type { TestSuite } from './suite';

// The subscriptions API as its tests call it (reports-api-subscribing.test.ts,
// reports-api-managing.test.ts).

export const REPORTS = '/portal/api/reports/';

export interface Subscription {
  id: number;
  email: string;
  frequency: string;
  mailboxes: string[];
  teams: { id: number; name: string }[];
  next_due: string;
  last_sent: string | null;
}

/** Calls as a session, fresh report workspaces, and refusals that must leave nothing behind. */
export function reportsApi(t: TestSuite) {
  const as = (token: string) => client(t.app, token);

  async function fresh(): Promise<ReportsWorkspace> {
    return reportsWorkspace(t);
  }

  async function expectRefused(
    r: ReportsWorkspace,
    call: () => ReturnType<ReturnType<typeof client>['post']>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await snapshotWorkspace(t.db, r.ws.workspaceId);
    const reply = await call();
    expect(reply.statusCode, reply.body).toBe(status);
    expect(reply.json<{ message: string }>().message).toMatch(message);
    expect(await snapshotWorkspace(t.db, r.ws.workspaceId)).toEqual(before);
  }

  return { as, fresh, expectRefused };
}
