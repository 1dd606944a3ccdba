import type { OperationId } from '../contract/types';
import { isAudited, type Descriptions, type Description } from './description';
import { findRecord } from '../repos/reports';
import { verifyUnsubscribeToken } from '../reports/unsubscribe';
import * as people from './targets-people';
import * as settings from './targets-settings';

/**
 * How every write operation of the contract is audited, keyed by operation id (docs/audit.md):
 * its target's type and how to read the target inside the change's transaction. The route helper
 * (server/routes/route.ts) records each described operation; the sweep in
 * test/server/audit/audit-sweep.test.ts fails for a write operation that is not in this table.
 */
const DESCRIPTIONS: Descriptions = {
  createMailboxes: {
    target: 'mailbox',
    many: true,
    read: (tx, { workspaceId, body }) => people.mailboxItems(tx, workspaceId, body.emails),
  },
  deleteMailboxes: {
    target: 'mailbox',
    many: true,
    read: (tx, { workspaceId, body }) => people.mailboxItems(tx, workspaceId, body.emails),
    request: ({ body }) => ({ delete_from_bq: body.delete_from_bq }),
  },
  createUsers: {
    target: 'user',
    many: true,
    read: (tx, { workspaceId, body }) => people.userItemsByEmail(tx, workspaceId, body.emails),
  },
  deleteUsers: {
    target: 'user',
    many: true,
    read: (tx, { workspaceId, body }) => people.userItemsByEmail(tx, workspaceId, body.emails),
  },
  assignManagers: {
    target: 'user',
    many: true,
    read: (tx, { workspaceId, body }) => people.managerItems(tx, workspaceId, body.manager_ids),
  },
  createTeam: {
    target: 'team',
    reports: true,
    read: (tx, { workspaceId, body }) => people.teamItemsNamed(tx, workspaceId, body.name),
  },
  updateTeam: {
    target: 'team',
    reports: true,
    read: (tx, { workspaceId, body }) => people.teamItems(tx, workspaceId, [body.id]),
  },
  deleteTeams: {
    target: 'team',
    reports: true,
    many: true,
    read: (tx, { workspaceId, body }) => people.teamItems(tx, workspaceId, body.teams),
  },
  createAlert: { target: 'alert', reports: true },
  updateAlert: {
    target: 'alert',
    reports: true,
    read: (tx, { workspaceId, params }) => people.alertItems(tx, workspaceId, [params.id]),
  },
  deleteAlerts: {
    target: 'alert',
    reports: true,
    many: true,
    read: (tx, { workspaceId, body }) => people.alertItems(tx, workspaceId, body.alerts),
  },
  setCompanyBusinessHours: {
    target: 'business_hours',
    reports: true,
    read: (tx, { workspaceId }) => settings.companyHoursItems(tx, workspaceId),
  },
  deleteCompanyBusinessHours: {
    target: 'business_hours',
    reports: true,
    read: (tx, { workspaceId }) => settings.companyHoursItems(tx, workspaceId),
  },
  setMailboxBusinessHours: {
    target: 'business_hours',
    reports: true,
    read: (tx, { workspaceId, params }) =>
      settings.mailboxHoursItems(tx, workspaceId, params.email),
  },
  deleteMailboxBusinessHours: {
    target: 'business_hours',
    reports: true,
    read: (tx, { workspaceId, params }) =>
      settings.mailboxHoursItems(tx, workspaceId, params.email),
  },
  addHoliday: {
    target: 'holiday',
    reports: true,
    read: (tx, { workspaceId, body }) => settings.holidayItems(tx, workspaceId, [body.date]),
  },
  removeHoliday: {
    target: 'holiday',
    reports: true,
    read: (tx, { workspaceId, params }) => settings.holidayItems(tx, workspaceId, [params.date]),
  },
  importHolidays: {
    target: 'holiday',
    reports: true,
    many: true,
    request: ({ body }) => ({
      country: body.country,
      region: body.region ?? null,
      from_year: body.from_year,
      to_year: body.to_year,
    }),
  },
  setFilteringSettings: {
    target: 'filtering',
    reports: true,
    read: (tx, { workspaceId }) => settings.filteringItems(tx, workspaceId),
  },
  createContactGroup: {
    target: 'contact_group',
    read: (tx, { workspaceId, body }, previous) =>
      settings.groupItems(tx, workspaceId, body.name, previous),
  },
  addContacts: {
    target: 'contact_group',
    read: (tx, { workspaceId, query }, previous) =>
      settings.groupItems(tx, workspaceId, query.name, previous),
  },
  renameContactGroup: {
    target: 'contact_group',
    read: (tx, { workspaceId, query }, previous) =>
      settings.groupItems(tx, workspaceId, query.name, previous),
  },
  deleteContactGroup: {
    target: 'contact_group',
    read: (tx, { workspaceId, query }, previous) =>
      settings.groupItems(tx, workspaceId, query.name, previous),
  },
  removeContacts: {
    target: 'contact_group',
    read: (tx, { workspaceId, query }, previous) =>
      settings.groupItems(tx, workspaceId, query.name, previous),
  },
  createReport: {
    target: 'report',
    many: true,
    read: (tx, { workspaceId, body, email }) =>
      people.reportItems(tx, workspaceId, { email: body.email ?? email ?? '' }),
  },
  updateReport: {
    target: 'report',
    read: (tx, { workspaceId, params }) =>
      people.reportItems(tx, workspaceId, { ids: [params.id] }),
  },
  deleteReports: {
    target: 'report',
    many: true,
    read: (tx, { workspaceId, body }) =>
      people.reportItems(tx, workspaceId, { ids: body.subscriptions }),
  },
  sendReportNow: {
    target: 'report',
    read: (tx, { workspaceId, params }) =>
      people.reportItems(tx, workspaceId, { ids: [params.id] }),
    request: ({ email }) => ({ copy_sent_to: email }),
  },
  unsubscribe: {
    target: 'report',
    read: async (tx, { params }) => {
      const found = await verifyUnsubscribeToken(tx, params.token);
      if (!found) return [];
      return people.reportItems(tx, found.workspaceId, { ids: [found.subscriptionId] });
    },
    locate: async (tx, { params }) => {
      const found = await verifyUnsubscribeToken(tx, params.token);
      if (!found) return null;
      const record = await findRecord(tx, found.workspaceId, found.subscriptionId);
      const actor = record
        ? { kind: 'user' as const, userId: record.user_id, name: record.email }
        : { kind: 'user' as const, userId: null, name: 'unsubscribe link' };
      return { workspaceId: found.workspaceId, actor };
    },
  },
  sendFeedback: {
    target: 'feedback',
    read: (tx, { workspaceId }) => people.queuedItems(tx, workspaceId, 'feedback'),
  },
  requestIntegration: {
    target: 'integration_request',
    read: (tx, { workspaceId }) => people.queuedItems(tx, workspaceId, 'integration'),
  },
  expireToken: {
    target: 'session',
    operation: 'signOut',
    read: (tx, input) => people.sessionItems(tx, input),
  },
  closeRequest: { target: 'request', reports: true },
  reopenRequest: { target: 'request', reports: true },
  exportStatsCsv: {
    target: 'export',
    read: async () => [{ id: 'statistics', name: 'Statistics CSV', fields: {} }],
    request: ({ query }) => ({ ...query }),
  },
  exportRequestsCsv: {
    target: 'export',
    read: async () => [{ id: 'requests', name: 'Requests CSV', fields: {} }],
    request: ({ query }) => ({ ...query }),
  },
  exportAuditCsv: {
    target: 'export',
    read: async () => [{ id: 'audit', name: 'Audit log CSV', fields: {} }],
    request: ({ query }) => ({ ...query }),
  },
  createApiToken: { target: 'api_token', reports: true },
  revokeApiToken: {
    target: 'api_token',
    reports: true,
    read: (tx, { workspaceId, params }) => settings.apiTokenItems(tx, workspaceId, params.id),
  },
  createDemoSignIn: {
    notAudited: 'it issues a single-use sign-in link; the sign-in it leads to is recorded (signIn)',
  },
  peekSignInCode: { notAudited: 'it only reads whom a sign-in code is for; it changes nothing' },
  exchangeSignInCode: {
    notAudited: 'it hands over the session of a sign-in already recorded (signIn)',
  },
  reportClientError: { notAudited: 'it stores nothing: the browser error is only logged' },
};

/** The operation's audit description, when it is audited. */
export function describedOperation<O extends OperationId>(
  operationId: O,
): Description<O> | undefined {
  const entry = DESCRIPTIONS[operationId];
  return isAudited(entry) ? entry : undefined;
}

/** Every operation id the table names, audited or not, for the sweep. */
export const describedOperationIds = (): string[] => Object.keys(DESCRIPTIONS);
