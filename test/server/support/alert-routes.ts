import { expect } from 'vitest';
import type { Db } from '../../../server/db/types';
import type { TestWorkspace } from './app';
import { alertInput } from './settings-sweep';
import type { TestSuite } from './suite';

/** A valid body for the alerts API, with `overrides` in place of its fields. */
export function alertBody(ws: TestWorkspace, overrides: Record<string, unknown> = {}) {
  return { ...alertInput(ws), ...overrides };
}

/** The workspace's alerts as stored, with the ids of their mailboxes, oldest first. */
export async function storedAlerts(db: Db, workspaceId: number) {
  return db.query<Record<string, unknown>>(
    `select a.alert_id, a.name, a.minutes_gap, a.domains, a.addresses, a.notify_emails, a.notify_webhook, a.is_active,
            array(select mailbox_id from alert_mailboxes m where m.workspace_id = a.workspace_id and m.alert_id = a.alert_id order by mailbox_id) as mailbox_ids
       from alerts a where a.workspace_id = $1 order by a.alert_id`,
    [workspaceId],
  );
}

/** Workspaces for the alerts API's tests on a suite's app, and alerts made through the API. */
export function alertRoutes(t: TestSuite) {
  /** A fresh workspace per test with a second tracked mailbox, so tests never share rows. */
  async function workspace(maxAlerts = 5): Promise<TestWorkspace> {
    const ws = await t.workspace({ maxAlerts });
    await t.db.query(
      `insert into mailboxes (workspace_id, email, full_name) values ($1, $2, 'Sales')`,
      [ws.workspaceId, `Sales@${ws.domain}`],
    );
    return ws;
  }

  /** Creates an alert as the workspace's admin and answers its id. */
  async function create(ws: TestWorkspace, overrides: Record<string, unknown> = {}) {
    const res = await t.admin(ws).post('/portal/api/alerts/', alertBody(ws, overrides));
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>();
  }

  return { workspace, create };
}
