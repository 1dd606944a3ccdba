import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/types';
import { evaluateAlerts } from '../../../server/alerts/evaluate';
import type { AlertPayload, OverdueItem } from '../../../server/alerts/notification';
import { replaceCompanyHours } from '../../../server/repos/business-hours';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import type { TestWorkspace } from './app';
import { addMailbox, type StatsMailbox } from './stats';
import type { TestSuite } from './suite';

// Alert engine fixtures: a workspace with company hours Mon–Fri 09:00–17:00 UTC and a tracked
// `support@` mailbox, alerts created through the API, and evaluation at an injected instant.

const WORKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;

export interface EngineWorkspace {
  ws: TestWorkspace;
  mailbox: StatsMailbox;
}

export async function engineWorkspace(t: TestSuite): Promise<EngineWorkspace> {
  const ws = await t.workspace();
  await t.db.transaction((tx) =>
    replaceCompanyHours(tx, ws.workspaceId, {
      timezone: 'UTC',
      business_hours: WORKDAYS.map((weekday) => ({
        weekday,
        start_time: '09:00:00',
        end_time: '17:00:00',
      })),
    }),
  );
  const mailbox = await addMailbox(t.db, ws.workspaceId, `support@${ws.domain}`);
  return { ws, mailbox };
}

export interface AlertOptions {
  name?: string;
  minutesGap?: number;
  domains?: string[];
  addresses?: string[];
  webhook?: string;
  /** The watched mailboxes' addresses; the workspace's support@ when absent. */
  mailboxes?: string[];
  /** When the watch starts (created or resumed), as the injected clock has it. */
  watchingSince: string;
}

/** Creates an alert on support@ through the API; returns its id. */
export async function createAlert(t: TestSuite, e: EngineWorkspace, options: AlertOptions) {
  const res = await t.admin(e.ws).post('/portal/api/alerts/', {
    name: options.name ?? 'Customers waiting',
    minutes_gap: options.minutesGap ?? 120,
    base: 'unreplied_emails',
    mailboxes: options.mailboxes ?? [e.mailbox.email],
    addresses: options.addresses ?? [],
    domains: options.domains ?? ['client.example'],
    notify_emails: [`admin@${e.ws.domain}`, `lead@${e.ws.domain}`],
    notify_webhook: options.webhook ?? null,
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json<{ id: number }>();
  await setWatchingSince(t.db, e.ws.workspaceId, id, options.watchingSince);
  return id;
}

/** The API stamps creation and resumption with the wall clock; tests use the injected one. */
export async function setWatchingSince(db: Db, workspaceId: number, alertId: number, at: string) {
  await db.query(
    `update alerts set watching_since = $3 where workspace_id = $1 and alert_id = $2`,
    [workspaceId, alertId, at],
  );
}

/** The facts the statistics engine keeps, rebuilt over the messages inserted so far. */
export const rebuildFacts = (db: Db, e: EngineWorkspace) =>
  rebuildWorkspaceStats(db, e.ws.workspaceId);

/** One evaluation run at `at` by a fresh owner (ALERT_INTERVAL_S 60 unless given). */
export const evaluateAt = (db: Db, at: string, intervalSeconds?: number) =>
  evaluateAlerts(db, `test:${randomUUID()}`, new Date(at), { intervalSeconds });

/** When the alert is next evaluated, as an ISO instant. */
export async function nextEvaluationAt(db: Db, workspaceId: number, alertId: number) {
  const [row] = await db.query<{ next_evaluation_at: string }>(
    `select next_evaluation_at from alerts where workspace_id = $1 and alert_id = $2`,
    [workspaceId, alertId],
  );
  return row && new Date(row.next_evaluation_at).toISOString();
}

export interface OutboxRow {
  kind: string;
  alert_id: number;
  payload: AlertPayload;
}

/** The alert rows of the workspace's outbox, oldest first. */
export async function alertOutbox(db: Db, workspaceId: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `select kind, alert_id, payload from outbound_requests
      where workspace_id = $1 and kind like 'alert_%' order by request_id`,
    [workspaceId],
  );
}

/** Per alert id, the subjects its email rows told, in order. */
export async function toldSubjects(db: Db, workspaceId: number) {
  const told: Record<number, string[]> = {};
  for (const row of await alertOutbox(db, workspaceId)) {
    if (row.kind !== 'alert_email') continue;
    told[row.alert_id] = [
      ...(told[row.alert_id] ?? []),
      ...row.payload.items.map((item: OverdueItem) => item.subject),
    ];
  }
  return told;
}
