import type { FastifyInstance } from 'fastify';
import { route } from './route';
import { badRequest } from '../http/errors';
import { addressProblem, normalizeEmails } from '../domain/mailbox-addresses';
import {
  findMailboxIds,
  insertMailboxes,
  listMailboxes,
  lockMailboxQuota,
  removeMailboxes,
} from '../repos/mailboxes';

const ADMIN = { roles: ['admin'], feature: 'mailboxes' } as const;

/** The client sends two years back for historic data; a week of slack covers leap days and time zones. */
const HISTORY_YEARS = 2;
const HISTORY_SLACK_DAYS = 7;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function checkDataFrom(dataFrom: string, now = new Date()) {
  // A browser east of UTC is already on tomorrow; allow that one day.
  const latest = new Date(now);
  latest.setUTCDate(latest.getUTCDate() + 1);
  const earliest = new Date(now);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - HISTORY_YEARS);
  earliest.setUTCDate(earliest.getUTCDate() - HISTORY_SLACK_DAYS);
  if (dataFrom > isoDay(latest)) throw badRequest('The data_from date cannot be in the future.');
  if (dataFrom < isoDay(earliest)) {
    throw badRequest(`The data_from date can be at most ${HISTORY_YEARS} years back.`);
  }
}

export default function mailboxesRoutes(app: FastifyInstance) {
  route(app, 'listMailboxes', ADMIN, async ({ auth, db }) => ({
    status: 200,
    body: { mailboxes: await listMailboxes(db, auth.workspaceId) },
  }));

  route(app, 'createMailboxes', ADMIN, async ({ body, auth, db }) => {
    const emails = normalizeEmails(body.emails);
    checkDataFrom(body.data_from);
    const mailboxes = await db.transaction(async (tx) => {
      const quota = await lockMailboxQuota(tx, auth.workspaceId);
      const problem = addressProblem(emails, quota.allowedDomains);
      if (problem) throw badRequest(problem);
      const tracked = [...(await findMailboxIds(tx, auth.workspaceId, emails)).keys()];
      if (tracked.length > 0)
        throw badRequest(`These mailboxes are already tracked: ${tracked.join(', ')}.`);
      const remaining = Math.max(quota.max - quota.used, 0);
      if (emails.length > remaining) {
        throw badRequest(
          `You're trying to add ${emails.length} mailboxes, but you only have ${remaining} slots remaining. Remove some mailboxes or contact your Customer Success Manager to increase your limit.`,
        );
      }
      await insertMailboxes(tx, auth.workspaceId, emails, body.data_from);
      return listMailboxes(tx, auth.workspaceId, emails);
    });
    return { status: 201, body: { mailboxes } };
  });

  route(app, 'deleteMailboxes', ADMIN, async ({ body, auth, db }) => {
    const emails = normalizeEmails(body.emails);
    await db.transaction(async (tx) => {
      const found = await findMailboxIds(tx, auth.workspaceId, emails);
      const unknown = emails.filter((email) => !found.has(email));
      if (unknown.length > 0)
        throw badRequest(`These mailboxes are not tracked: ${unknown.join(', ')}.`);
      await removeMailboxes(tx, auth.workspaceId, [...found.values()], body.delete_from_bq);
    });
    return { status: 204 };
  });
}
