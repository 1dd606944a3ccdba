import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/authenticate';
import { route, type Access } from './route';
import type { Queryable } from '../db/types';
import { badRequest, forbidden, notFound } from '../http/errors';
import { dashboardFilters } from '../repos/dashboard-filters';
import * as repo from '../repos/reports';
import { notifyQueued } from '../outbound/forwarder';
import { lastCompletePeriods } from '../reports/figures';
import { queueReportCopy } from '../reports/queue';
import type { Viewer } from '../repos/visible-mailboxes';
import { MAX_PG_INTEGER } from '../../common/limits';
import type { ReportFrequency } from '../../common/reports';
import { MAX_REPORTS_PER_USER, REPORT_LIMIT_MESSAGE } from '../../common/reports';

// Report subscriptions: anyone subscribes themself, an admin anyone of the workspace; each
// narrowed only to what its recipient may see. Admins list and manage every subscription, others
// their own. The unsubscribe link's page and one-click POST are in report-unsubscribe.ts.

const ACCESS: Access = { feature: 'reports' };
/** Each "send me one now" is an email: a user may ask for 10 a minute. */
const SEND_NOW_PER_MINUTE = 10;
const NO_SUCH_REPORT = 'That report does not exist; reload the list.';
const NO_SUCH_REPORTS = 'Some of these reports do not exist; reload the list.';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Admins see every subscription; anyone else only their own (null: no such restriction). */
const ownerFilter = (auth: AuthContext) => (auth.role === 'admin' ? null : auth.userId);

interface Narrowing {
  frequency: ReportFrequency;
  mailboxes?: string[];
  teams?: number[];
}

/**
 * The fields to save, once the narrowing is checked against what the recipient may see: 400 for
 * both kinds at once or a recipient who sees no mailbox, 403 for one they may not see.
 */
async function checkedFields(
  q: Queryable,
  viewer: Viewer,
  who: string,
  input: Narrowing,
): Promise<repo.ReportFields> {
  const mailboxes = [...new Set((input.mailboxes ?? []).map((email) => email.toLowerCase()))];
  const teams = [...new Set(input.teams ?? [])];
  if (mailboxes.length > 0 && teams.length > 0) {
    throw badRequest('Narrow a report by mailboxes or by teams, not both.');
  }
  const choices = await dashboardFilters(q, viewer);
  if (choices.mailboxes.length === 0) {
    throw badRequest(`${who} can see no tracked mailbox yet, so the report would be empty.`);
  }
  const visible = new Set(choices.mailboxes.map((m) => m.email.toLowerCase()));
  const hidden = mailboxes.find((email) => !visible.has(email));
  if (hidden !== undefined) throw forbidden(`${who} may not see the mailbox ${hidden}.`);
  const hiddenTeam = teams.find((id) => !choices.teams.some((team) => team.team_id === id));
  if (hiddenTeam !== undefined) throw forbidden(`${who} may not see team ${hiddenTeam}.`);
  return {
    frequency: input.frequency,
    narrowedBy: mailboxes.length > 0 ? 'mailboxes' : teams.length > 0 ? 'teams' : 'none',
    mailboxIds: await repo.mailboxIdsOf(q, viewer.workspaceId, mailboxes),
    teamIds: teams,
  };
}

/** The recipient of a new subscription: the caller, or for an admin any user of the workspace. */
async function recipientOf(q: Queryable, auth: AuthContext, email: string | undefined) {
  if (email === undefined || sameAddress(email, auth.email)) {
    return { user_id: auth.userId, email: auth.email, role: auth.role };
  }
  if (auth.role !== 'admin') throw forbidden('Only an admin may subscribe someone else.');
  const user = await repo.findUser(q, auth.workspaceId, email);
  if (!user) throw badRequest(`${email} is not a user of this workspace.`);
  return user;
}

/** Refuses a subscription beyond the limit or one the recipient already has. */
async function checkRoom(
  q: Queryable,
  workspaceId: number,
  userId: number,
  fields: repo.ReportFields,
  except: number | null,
  who: string,
) {
  const existing = (await repo.lockUserSubscriptions(q, workspaceId, userId)).filter(
    (row) => row.subscription_id !== except,
  );
  if (except === null && existing.length >= MAX_REPORTS_PER_USER) {
    throw badRequest(REPORT_LIMIT_MESSAGE);
  }
  if (existing.some((row) => row.key === repo.fieldsKey(fields))) {
    throw badRequest(`${who} already ${who === 'You' ? 'get' : 'gets'} this report.`);
  }
}

/** The subscription, if it exists and the caller may manage it (404 otherwise). */
async function manageable(q: Queryable, auth: AuthContext, id: number) {
  const record = id <= MAX_PG_INTEGER ? await repo.findRecord(q, auth.workspaceId, id) : null;
  if (!record || (auth.role !== 'admin' && record.user_id !== auth.userId)) {
    throw notFound(NO_SUCH_REPORT);
  }
  return record;
}

const whoIs = (auth: AuthContext, userId: number, email: string) =>
  userId === auth.userId ? 'You' : email;

const viewerOfUser = (
  workspaceId: number,
  user: { user_id: number; email: string; role: Viewer['role'] },
): Viewer => ({ workspaceId, role: user.role, userId: user.user_id, email: user.email });

export default function reportsRoutes(app: FastifyInstance) {
  route(app, 'listReports', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: {
      subscriptions: await repo.listSubscriptions(db, auth.workspaceId, ownerFilter(auth)),
      email_delivery: app.config.alerts.smtpUrl !== undefined,
      max_per_user: MAX_REPORTS_PER_USER,
    },
  }));

  route(app, 'getReportChoices', ACCESS, async ({ auth, db, query }) => {
    if (!sameAddress(query.email, auth.email) && auth.role !== 'admin') {
      throw forbidden('Only an admin may see what another person may see.');
    }
    const user = await repo.findUser(db, auth.workspaceId, query.email);
    if (!user) throw notFound(`${query.email} is not a user of this workspace.`);
    const choices = await db.transaction((tx) =>
      dashboardFilters(tx, viewerOfUser(auth.workspaceId, user)),
    );
    return {
      status: 200,
      body: {
        email: user.email,
        mailboxes: choices.mailboxes.map(({ email, full_name }) => ({ email, full_name })),
        teams: choices.teams.map((team) => ({ id: team.team_id, name: team.name })),
      },
    };
  });

  route(app, 'createReport', ACCESS, async ({ auth, db, body }) => {
    const subscription = await db.transaction(async (tx) => {
      const user = await recipientOf(tx, auth, body.email);
      const who = whoIs(auth, user.user_id, user.email);
      const viewer = viewerOfUser(auth.workspaceId, user);
      const fields = await checkedFields(tx, viewer, who, body);
      await checkRoom(tx, auth.workspaceId, user.user_id, fields, null, who);
      const id = await repo.insertSubscription(
        tx,
        auth.workspaceId,
        user.user_id,
        fields,
        new Date(),
      );
      return repo.getSubscription(tx, auth.workspaceId, id);
    });
    if (!subscription) throw new Error('the new subscription could not be read back');
    return { status: 201, body: subscription };
  });

  route(app, 'updateReport', ACCESS, async ({ auth, db, body, params }) => {
    const subscription = await db.transaction(async (tx) => {
      const record = await manageable(tx, auth, params.id);
      const who = whoIs(auth, record.user_id, record.email);
      const viewer = viewerOfUser(auth.workspaceId, record);
      const fields = await checkedFields(tx, viewer, who, body);
      await checkRoom(tx, auth.workspaceId, record.user_id, fields, params.id, who);
      await repo.updateSubscription(tx, auth.workspaceId, params.id, fields, new Date());
      return repo.getSubscription(tx, auth.workspaceId, params.id);
    });
    if (!subscription) throw notFound(NO_SUCH_REPORT);
    return { status: 200, body: subscription };
  });

  route(app, 'deleteReports', ACCESS, async ({ auth, db, body }) => {
    const ids = [...new Set(body.subscriptions)];
    await db.transaction(async (tx) => {
      // All or nothing: an unknown id, or someone else's for a non-admin, rolls it all back.
      const deleted = await repo.deleteSubscriptions(tx, auth.workspaceId, ids, ownerFilter(auth));
      if (deleted !== ids.length) throw notFound(NO_SUCH_REPORTS);
    });
    return { status: 204 };
  });

  // Read-only leaves this open: a copy to oneself changes no subscription.
  route(
    app,
    'sendReportNow',
    {},
    async ({ auth, db, params }) => {
      if (!auth.features.reports.enabled) {
        throw forbidden('The reports feature is disabled for this workspace.', 'feature_disabled');
      }
      const record = await manageable(db, auth, params.id);
      if (record.user_id !== auth.userId) {
        throw forbidden('Only its recipient may have a copy of a report sent now.');
      }
      const now = new Date();
      const periods = await lastCompletePeriods(db, auth.workspaceId, record.frequency, now);
      const payload = await queueReportCopy(db, record, periods, {
        now,
        publicUrl: app.config.publicUrl,
      });
      if (!payload) {
        throw badRequest('This report covers no mailbox you can see, so there is nothing to send.');
      }
      notifyQueued(db);
      return { status: 202, body: { to: payload.to, period: payload.period } };
    },
    { perUserPerMinute: SEND_NOW_PER_MINUTE },
  );
}
