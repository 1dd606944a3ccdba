import type { FastifyInstance } from 'fastify';
import type { Queryable, Tx } from '../db/types';
import { route, type Access } from './route';
import { badRequest, notFound } from '../http/errors';
import { cleanAlertInput, type AlertFields } from '../domain/alerts';
import { trackedMailboxIds } from '../domain/references';
import { findMailboxIds } from '../repos/mailboxes';
import { lockQuota } from '../repos/quotas';
import * as repo from '../repos/alerts';
import { reportChange } from '../audit/report';
import { alertItem, alertItems } from '../audit/targets-people';
import { ALERT_LIMIT_MESSAGE, MAX_PG_INTEGER as MAX_ID } from '../../common/limits';

const ACCESS: Access = { roles: ['admin'], feature: 'alerts' };
const NO_SUCH_ALERT = 'That alert does not exist; reload the list.';
const NO_SUCH_ALERTS = 'Some of these alerts do not exist; reload the list.';

async function requireAlert(
  q: Queryable,
  workspaceId: number,
  alertId: number,
): Promise<repo.Alert> {
  const alert = alertId <= MAX_ID ? await repo.findAlert(q, workspaceId, alertId) : null;
  if (!alert) throw notFound(NO_SUCH_ALERT);
  return alert;
}

/** The ids of the alert's mailboxes; every address must be a mailbox this workspace tracks. */
async function mailboxIds(tx: Tx, workspaceId: number, fields: AlertFields): Promise<number[]> {
  const { mailboxes } = fields;
  return trackedMailboxIds(mailboxes, await findMailboxIds(tx, workspaceId, mailboxes));
}

async function replaceAlert(tx: Tx, workspaceId: number, alertId: number, fields: AlertFields) {
  if (!(await repo.updateAlertFields(tx, workspaceId, alertId, fields))) {
    throw notFound(NO_SUCH_ALERT);
  }
  await repo.setAlertMailboxes(tx, workspaceId, alertId, await mailboxIds(tx, workspaceId, fields));
}

/** A webhook that points inside the network (or nowhere) is refused when the alert is saved. */
async function checkWebhook(app: FastifyInstance, fields: AlertFields): Promise<void> {
  if (fields.notifyWebhook === null) return;
  const refusal = await app.outboundGuard.refusal(fields.notifyWebhook);
  if (refusal !== null) throw badRequest(`notify_webhook: ${refusal}`);
}

export default function alertsRoutes(app: FastifyInstance) {
  route(app, 'listAlerts', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: {
      alerts: await repo.listAlerts(db, auth.workspaceId),
      email_delivery: app.config.alerts.smtpUrl !== undefined,
    },
  }));

  route(app, 'getAlert', ACCESS, async ({ params, auth, db }) => ({
    status: 200,
    body: await requireAlert(db, auth.workspaceId, params.id),
  }));

  route(app, 'createAlert', ACCESS, async ({ body, auth, db }) => {
    const fields = cleanAlertInput(body);
    await checkWebhook(app, fields);
    const alert = await db.transaction(async (tx) => {
      const slots = await lockQuota(tx, auth.workspaceId, 'alerts');
      if (slots.used >= slots.max) throw badRequest(ALERT_LIMIT_MESSAGE);
      const ids = await mailboxIds(tx, auth.workspaceId, fields);
      const alertId = await repo.insertAlert(tx, auth.workspaceId, fields, {
        userId: auth.userId,
        email: auth.email,
      });
      await repo.setAlertMailboxes(tx, auth.workspaceId, alertId, ids);
      const saved = await requireAlert(tx, auth.workspaceId, alertId);
      reportChange(tx, () => ({ before: [], after: [alertItem(saved)] }));
      return saved;
    });
    return { status: 201, body: alert };
  });

  route(app, 'updateAlert', ACCESS, async ({ body, params, auth, db }) => {
    // A bad body is refused (400) before a missing alert is looked for (404).
    const fields = 'alert' in body ? null : cleanAlertInput(body);
    if (fields) await checkWebhook(app, fields);
    const alert = await db.transaction(async (tx) => {
      const before = await requireAlert(tx, auth.workspaceId, params.id);
      if (fields) await replaceAlert(tx, auth.workspaceId, params.id, fields);
      else if ('alert' in body) {
        await repo.setAlertActive(tx, auth.workspaceId, params.id, body.alert.is_active);
      }
      const saved = await requireAlert(tx, auth.workspaceId, params.id);
      reportChange(tx, () => ({ before: [alertItem(before)], after: [alertItem(saved)] }));
      return saved;
    });
    return { status: 200, body: alert };
  });

  route(app, 'deleteAlerts', ACCESS, async ({ body, auth, db }) => {
    const ids = [...new Set(body.alerts)];
    if (ids.some((id) => id < 1 || id > MAX_ID)) throw notFound(NO_SUCH_ALERTS);
    await db.transaction(async (tx) => {
      const before = await alertItems(tx, auth.workspaceId, ids);
      // All or nothing: a missing id rolls the whole deletion back.
      const deleted = await repo.deleteAlerts(tx, auth.workspaceId, ids);
      if (deleted !== ids.length) throw notFound(NO_SUCH_ALERTS);
      reportChange(tx, () => ({ before, after: [] }));
    });
    return { status: 204 };
  });
}
