import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { route, type Access } from './route';
import { notFound } from '../http/errors';
import {
  checkBusinessHours,
  checkMailboxBusinessHours,
  ownHoursStatus,
  type BusinessHoursEntry,
} from '../domain/business-hours';
import { checkMailboxHolidays } from '../domain/holidays';
import * as repo from '../repos/business-hours';
import { findMailboxHolidays, setMailboxHolidays } from '../repos/holidays';
import { reportChange } from '../audit/report';
import { companyHoursItemsOf, mailboxHoursItemsOf } from '../audit/targets-settings';

const ACCESS: Access = { roles: ['admin'], feature: 'business_hours' };

// What the company has before anyone sets hours: none, in UTC.
const NO_COMPANY_HOURS: repo.BusinessHours = { business_hours: [], timezone: 'UTC' };
const COMPANY_HOLIDAYS = { follows: 'company', country: null, region: null } as const;
const NO_HOLIDAYS = { follows: 'none', country: null, region: null } as const;

async function companyHours(q: Queryable, workspaceId: number): Promise<repo.BusinessHours> {
  return (await repo.findCompanyHours(q, workspaceId)) ?? NO_COMPANY_HOURS;
}

/** A mailbox's own hours for the log: none (a null zone, it follows the company's) is no fields. */
const ownHoursItems = (
  email: string,
  timezone: string | null,
  days: BusinessHoursEntry[],
  holidays: Schemas['MailboxHolidays'],
) =>
  mailboxHoursItemsOf(
    email,
    timezone === null ? null : { timezone, business_hours: days, holidays },
  );

async function requireMailbox(
  q: Queryable,
  workspaceId: number,
  email: string,
): Promise<repo.MailboxRef> {
  const mailbox = await repo.findMailbox(q, workspaceId, email);
  if (!mailbox) throw notFound(`${email} is not a tracked mailbox.`);
  return mailbox;
}

/**
 * The hours that apply to a mailbox: its own (Custom or Ignore), else the company's; and the
 * holidays they skip: the company's for Company, none for Ignore, Custom's own choice.
 */
async function mailboxHours(
  q: Queryable,
  workspaceId: number,
  mailbox: repo.MailboxRef,
): Promise<Schemas['MailboxBusinessHours']> {
  if (mailbox.timezone === null) {
    const company = await companyHours(q, workspaceId);
    return { bhs_status: 'Company', ...company, holidays: COMPANY_HOLIDAYS };
  }
  const days = await repo.findMailboxHours(q, workspaceId, mailbox.mailboxId);
  const status = ownHoursStatus(days);
  const holidays =
    status === 'Ignore'
      ? NO_HOLIDAYS
      : await findMailboxHolidays(q, workspaceId, mailbox.mailboxId);
  return { bhs_status: status, business_hours: days, timezone: mailbox.timezone, holidays };
}

export default function businessHoursRoutes(app: FastifyInstance) {
  route(app, 'getCompanyBusinessHours', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: await companyHours(db, auth.workspaceId),
  }));

  route(app, 'setCompanyBusinessHours', ACCESS, async ({ body, auth, db }) => {
    checkBusinessHours(body);
    const saved = await db.transaction(async (tx) => {
      const { before, after } = await repo.replaceCompanyHours(tx, auth.workspaceId, body);
      reportChange(tx, () => ({
        before: companyHoursItemsOf(before),
        after: companyHoursItemsOf(after),
      }));
      return after;
    });
    return { status: 200, body: saved };
  });

  route(app, 'deleteCompanyBusinessHours', ACCESS, async ({ auth, db }) => {
    await db.transaction(async (tx) => {
      const before = await repo.deleteCompanyHours(tx, auth.workspaceId);
      reportChange(tx, () => ({
        before: companyHoursItemsOf(before),
        after: companyHoursItemsOf(null),
      }));
    });
    return { status: 204 };
  });

  route(app, 'getMailboxBusinessHours', ACCESS, async ({ params, auth, db }) => {
    const mailbox = await requireMailbox(db, auth.workspaceId, params.email);
    return { status: 200, body: await mailboxHours(db, auth.workspaceId, mailbox) };
  });

  route(app, 'setMailboxBusinessHours', ACCESS, async ({ body, params, auth, db }) => {
    const { holidays = COMPANY_HOLIDAYS, ...hours } = body;
    checkMailboxBusinessHours(hours);
    await checkMailboxHolidays(holidays);
    const saved = await db.transaction(async (tx) => {
      const mailbox = await requireMailbox(tx, auth.workspaceId, params.email);
      const days = await repo.replaceMailboxHours(tx, auth.workspaceId, mailbox.mailboxId, hours);
      // Ignored hours count every second: no calendar is kept for them.
      const ignored = ownHoursStatus(hours.business_hours) === 'Ignore';
      const choice = ignored ? COMPANY_HOLIDAYS : holidays;
      const calendar = await setMailboxHolidays(tx, auth.workspaceId, mailbox.mailboxId, choice);
      reportChange(tx, () => ({
        before: ownHoursItems(params.email, mailbox.timezone, days.before, calendar.before),
        after: ownHoursItems(params.email, hours.timezone, days.after, calendar.after),
      }));
      return mailboxHours(tx, auth.workspaceId, { ...mailbox, timezone: hours.timezone });
    });
    return { status: 200, body: saved };
  });

  route(app, 'deleteMailboxBusinessHours', ACCESS, async ({ params, auth, db }) => {
    await db.transaction(async (tx) => {
      const mailbox = await requireMailbox(tx, auth.workspaceId, params.email);
      const days = await repo.clearMailboxHours(tx, auth.workspaceId, mailbox.mailboxId);
      const calendar = await setMailboxHolidays(
        tx,
        auth.workspaceId,
        mailbox.mailboxId,
        COMPANY_HOLIDAYS,
      );
      reportChange(tx, () => ({
        before: ownHoursItems(params.email, mailbox.timezone, days, calendar.before),
        after: ownHoursItems(params.email, null, [], calendar.after),
      }));
    });
    return { status: 204 };
  });
}
