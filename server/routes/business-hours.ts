import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { route, type Access } from './route';
import { notFound } from '../http/errors';
import {
  checkBusinessHours,
  checkMailboxBusinessHours,
  ownHoursStatus,
} from '../domain/business-hours';
import * as repo from '../repos/business-hours';

const ACCESS: Access = { roles: ['admin'], feature: 'business_hours' };

// What the company has before anyone sets hours: none, in UTC.
const NO_COMPANY_HOURS: repo.BusinessHours = { business_hours: [], timezone: 'UTC' };

async function companyHours(q: Queryable, workspaceId: number): Promise<repo.BusinessHours> {
  return (await repo.findCompanyHours(q, workspaceId)) ?? NO_COMPANY_HOURS;
}

async function requireMailbox(
  q: Queryable,
  workspaceId: number,
  email: string,
): Promise<repo.MailboxRef> {
  const mailbox = await repo.findMailbox(q, workspaceId, email);
  if (!mailbox) throw notFound(`${email} is not a tracked mailbox.`);
  return mailbox;
}

/** The hours that apply to a mailbox: its own (Custom or Ignore), else the company's. */
async function mailboxHours(
  q: Queryable,
  workspaceId: number,
  mailbox: repo.MailboxRef,
): Promise<Schemas['MailboxBusinessHours']> {
  if (mailbox.timezone === null)
    return { bhs_status: 'Company', ...(await companyHours(q, workspaceId)) };
  const days = await repo.findMailboxHours(q, workspaceId, mailbox.mailboxId);
  return { bhs_status: ownHoursStatus(days), business_hours: days, timezone: mailbox.timezone };
}

export default function businessHoursRoutes(app: FastifyInstance) {
  route(app, 'getCompanyBusinessHours', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: await companyHours(db, auth.workspaceId),
  }));

  route(app, 'setCompanyBusinessHours', ACCESS, async ({ body, auth, db }) => {
    checkBusinessHours(body);
    const saved = await db.transaction(async (tx) => {
      await repo.replaceCompanyHours(tx, auth.workspaceId, body);
      return companyHours(tx, auth.workspaceId);
    });
    return { status: 200, body: saved };
  });

  route(app, 'deleteCompanyBusinessHours', ACCESS, async ({ auth, db }) => {
    await db.transaction((tx) => repo.deleteCompanyHours(tx, auth.workspaceId));
    return { status: 204 };
  });

  route(app, 'getMailboxBusinessHours', ACCESS, async ({ params, auth, db }) => {
    const mailbox = await requireMailbox(db, auth.workspaceId, params.email);
    return { status: 200, body: await mailboxHours(db, auth.workspaceId, mailbox) };
  });

  route(app, 'setMailboxBusinessHours', ACCESS, async ({ body, params, auth, db }) => {
    checkMailboxBusinessHours(body);
    const saved = await db.transaction(async (tx) => {
      const mailbox = await requireMailbox(tx, auth.workspaceId, params.email);
      await repo.replaceMailboxHours(tx, auth.workspaceId, mailbox.mailboxId, body);
      return mailboxHours(tx, auth.workspaceId, { ...mailbox, timezone: body.timezone });
    });
    return { status: 200, body: saved };
  });

  route(app, 'deleteMailboxBusinessHours', ACCESS, async ({ params, auth, db }) => {
    await db.transaction(async (tx) => {
      const mailbox = await requireMailbox(tx, auth.workspaceId, params.email);
      await repo.clearMailboxHours(tx, auth.workspaceId, mailbox.mailboxId);
    });
    return { status: 204 };
  });
}
