import { beforeAll, expect } from 'vitest';
import {
  contractOperations,
  portalDocument,
  type ContractOperation,
} from '../../../server/contract/spec';
import type { OperationId } from '../../../server/contract/types';
import type { Db } from '../../../server/db/types';
import { unsubscribeToken } from '../../../server/reports/unsubscribe';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { client, type TestWorkspace } from './app';
import { insertMessages, mailboxOf } from './stats';
import { setUpTestApp, type TestSuite } from './suite';

/**
 * What the settings sweeps share: the operations they walk (read from the contract, so a new path
 * is walked without editing the tests), a workspace with rows of every kind, a plausible request
 * for each operation, and a snapshot of every row the workspace owns.
 */

const SWEPT_PREFIXES = ['/portal/api/settings/', '/portal/api/alerts/', '/portal/api/audit/'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the contract under the settings, alerts and audit paths. */
export const sweptOperations: ContractOperation[] = [...contractOperations.values()].filter((op) =>
  SWEPT_PREFIXES.some((prefix) => op.path.startsWith(prefix)),
);
export const sweptWrites = sweptOperations.filter((op) => WRITE_METHODS.has(op.method));

/** The contract's first tag of an operation: the settings area it belongs to. */
export function areaOf(op: ContractOperation): string {
  const item = portalDocument.paths[op.path]?.[op.method.toLowerCase()] as
    { tags?: string[] } | undefined;
  return item?.tags?.[0] ?? 'untagged';
}

export interface SweepFixture {
  ws: TestWorkspace;
  /** A tracked mailbox besides viewer@ (sales@ the domain). */
  sales: string;
  teams: { support: number; sales: number };
  alertId: number;
  /** The contact of group VIP, and that of group Press. */
  contacts: { vip: number; press: number };
  /** The admin's weekly report, and the token of its unsubscribe link. */
  report: { id: number; token: string };
  /** A live read-only API token's id. */
  apiTokenId: number;
  /** Two requests to sales@ (ids as the unreplied list gives them), one closed by hand. */
  requests: { waiting: string; closed: string };
}

/** One call: path and query parameters by name, and the JSON body. */
export interface SweepRequest {
  params?: Record<string, string | number>;
  /** A list value repeats the parameter (`?from=a&from=b`). */
  query?: Record<string, string | string[]>;
  body?: unknown;
}

type Reply = Awaited<ReturnType<ReturnType<typeof client>['get']>>;

async function ok(reply: Promise<Reply>): Promise<Reply> {
  const settled = await reply;
  expect(settled.statusCode, settled.body).toBeLessThan(300);
  return settled;
}

const ids = <K extends string>(reply: Reply, key: K) =>
  reply.json<Record<K, { id: number }[]>>()[key].map((row) => row.id);

/** A workspace with mailboxes, teams, an alert, hours, metric adjustments, groups and grants. */
export async function seedSweepWorkspace(suite: TestSuite): Promise<SweepFixture> {
  const ws = await suite.workspace();
  const admin = suite.admin(ws);
  const sales = `sales@${ws.domain}`;
  const today = new Date().toISOString().slice(0, 10);
  await ok(admin.post('/portal/api/settings/mailboxes/', { emails: [sales], data_from: today }));
  const team = async (name: string) =>
    (await ok(admin.post('/portal/api/settings/teams/', { name, members: [sales] }))).json<{
      id: number;
    }>().id;
  const teams = { support: await team('Support'), sales: await team('Sales') };
  const alert = await ok(admin.post('/portal/api/alerts/', alertInput(ws)));
  for (const [path, hours] of [
    ['company-business-hours/', businessHours()],
    [`business-hours/${sales}`, businessHours()],
  ] as const) {
    await ok(admin.post(`/portal/api/settings/${path}`, hours));
  }
  await ok(
    admin.post('/portal/api/settings/filtering-settings/', filteringInput(['partner.example'])),
  );
  await ok(admin.post('/portal/api/settings/holidays/', { date: '2026-12-25', name: 'Christmas' }));
  const group = async (name: string, address: string) => {
    const base = '/portal/api/settings/contact-groups/';
    await ok(admin.post(`${base}create/`, { name, contacts: [{ address }] }));
    const details = await ok(admin.get(`${base}details/?name=${name}`));
    return ids(details, 'contacts')[0] ?? 0;
  };
  const contacts = {
    vip: await group('VIP', 'ceo@customer.example'),
    press: await group('Press', 'desk@news.example'),
  };
  await ok(
    admin.post('/portal/api/settings/managers/', {
      manager_ids: [ws.manager.userId],
      mailboxes: [sales],
      teams: [teams.support],
    }),
  );
  const reportId = (
    await ok(admin.post('/portal/api/reports/', { frequency: 'weekly', mailboxes: [sales] }))
  ).json<{ id: number }>().id;
  const report = {
    id: reportId,
    token: await unsubscribeToken(suite.db, ws.workspaceId, reportId),
  };
  const apiToken = await ok(
    admin.post('/portal/api/settings/api-tokens/', {
      name: 'BI',
      scope: 'stats:read',
      expires_in_days: 30,
    }),
  );
  const apiTokenId = apiToken.json<{ api_token: { id: number } }>().api_token.id;
  const requests = await seedRequests(suite, ws, sales);
  return {
    ...{ ws, sales, teams, alertId: alert.json<{ id: number }>().id },
    ...{ contacts, report, apiTokenId, requests },
  };
}

/** Two waiting requests to sales@, the second closed by hand. */
async function seedRequests(suite: TestSuite, ws: TestWorkspace, sales: string) {
  const mailbox = await mailboxOf(suite.db, ws.workspaceId, sales);
  const at = '2026-11-23T09:00:00Z';
  const messages = await insertMessages(suite.db, mailbox, [
    { thread: 'waiting', at },
    { thread: 'closed', at, from: 'other@customer.example' },
  ]);
  await suite.db.transaction((tx) =>
    refreshThreadFacts(tx, ws.workspaceId, mailbox.mailboxId, ['waiting', 'closed']),
  );
  const [waiting, closed] = messages.map((id) => `${mailbox.mailboxId}-${id}`);
  if (!waiting || !closed) throw new Error('no requests seeded');
  await ok(suite.admin(ws).request('PUT', `/portal/api/stats/unreplied/${closed}/closure`));
  return { waiting, closed };
}

/** A test file's app with one seeded workspace, shared by its tests (they change nothing). */
export function setUpSweep(prefix: string) {
  const suite = setUpTestApp(prefix);
  let seeded: SweepFixture | undefined;
  beforeAll(async () => {
    seeded = await seedSweepWorkspace(suite);
  });
  const fixture = () => {
    if (!seeded) throw new Error('The sweep fixture exists only while tests run');
    return seeded;
  };
  return { suite, fixture };
}

/** A valid alert body: viewer@ watched for one address and one domain, admin@ notified. */
export function alertInput(ws: TestWorkspace) {
  return {
    name: 'VIP customers',
    minutes_gap: 120,
    base: 'unreplied_emails',
    mailboxes: [`viewer@${ws.domain}`],
    addresses: ['boss@customer.example'],
    domains: ['customer.example'],
    notify_emails: [`admin@${ws.domain}`],
  };
}

export function businessHours(start = '09:00:00', end = '17:00:00', timezone = 'Europe/Madrid') {
  return { business_hours: [{ weekday: 'Mon', start_time: start, end_time: end }], timezone };
}

export function filteringInput(internalDomains: string[]) {
  const none = { is: [], contains: [] };
  const kinds = ['labels', 'domains', 'folders', 'subject', 'addresses', 'categories'];
  return {
    filtering_settings: {
      excluded_filters: Object.fromEntries(kinds.map((kind) => [kind, none])),
      internal_domains: internalDomains,
    },
  };
}

const GROUP = { name: 'VIP' };
/** Audit filters with every parameter set. */
const AUDIT_QUERY = {
  from: '2026-01-01',
  to: '2026-12-31',
  actor: 'admin',
  operation: 'createTeam',
  target: 'team',
};

/** A schema-valid request for every swept operation, aimed at the fixture's own rows. */
/** A statistics query with every filter set, so the sweep samples none of them. */
const statsQuery = (fx: SweepFixture) => ({
  from: '2026-01-01',
  to: '2026-01-31',
  mailboxes: fx.sales,
  teams: String(fx.teams.support),
  contact_groups: GROUP.name,
  target: '7200',
});

export const PLAUSIBLE: Partial<Record<OperationId, (fx: SweepFixture) => SweepRequest>> = {
  listMailboxes: () => ({}),
  createMailboxes: (fx) => ({
    body: { emails: [`new@${fx.ws.domain}`], data_from: new Date().toISOString().slice(0, 10) },
  }),
  deleteMailboxes: (fx) => ({ body: { emails: [fx.sales], delete_from_bq: false } }),
  listUsers: () => ({}),
  createUsers: (fx) => ({ body: { emails: [`new.user@${fx.ws.domain}`], role: 'admin' } }),
  deleteUsers: (fx) => ({ body: { emails: [fx.ws.manager.email] } }),
  assignManagers: (fx) => ({
    body: { manager_ids: [fx.ws.manager.userId], mailboxes: [fx.sales], teams: [] },
  }),
  listTeams: () => ({}),
  createTeam: (fx) => ({ body: { name: 'Billing', members: [fx.sales] } }),
  updateTeam: (fx) => ({ body: { id: fx.teams.support, name: 'Helpdesk', members: [fx.sales] } }),
  deleteTeams: (fx) => ({ body: { teams: [fx.teams.support] } }),
  listAlerts: () => ({}),
  getAlert: (fx) => ({ params: { id: fx.alertId } }),
  createAlert: (fx) => ({ body: alertInput(fx.ws) }),
  updateAlert: (fx) => ({ params: { id: fx.alertId }, body: alertInput(fx.ws) }),
  deleteAlerts: (fx) => ({ body: { alerts: [fx.alertId] } }),
  getCompanyBusinessHours: () => ({}),
  setCompanyBusinessHours: () => ({ body: businessHours('08:00:00') }),
  deleteCompanyBusinessHours: () => ({}),
  getMailboxBusinessHours: (fx) => ({ params: { email: fx.sales } }),
  setMailboxBusinessHours: (fx) => ({
    params: { email: fx.sales },
    body: businessHours('08:00:00'),
  }),
  deleteMailboxBusinessHours: (fx) => ({ params: { email: fx.sales } }),
  listHolidays: () => ({}),
  addHoliday: () => ({ body: { date: '2027-01-06', name: 'Epiphany' } }),
  removeHoliday: () => ({ params: { date: '2026-12-25' } }),
  previewHolidays: () => ({ query: { country: 'ES', from_year: '2026', to_year: '2026' } }),
  importHolidays: () => ({ body: { country: 'ES', from_year: 2026, to_year: 2026 } }),
  listHolidayCountries: () => ({}),
  getFilteringSettings: () => ({}),
  setFilteringSettings: () => ({ body: filteringInput(['other-partner.example']) }),
  listContactGroups: () => ({}),
  getContactGroup: () => ({ query: GROUP }),
  addContacts: () => ({ query: GROUP, body: { contacts: [{ address: 'new@customer.example' }] } }),
  createContactGroup: () => ({
    body: { name: 'Partners', contacts: [{ domain: 'partner.example' }] },
  }),
  renameContactGroup: () => ({ query: GROUP, body: { name: 'Key accounts' } }),
  deleteContactGroup: () => ({ query: GROUP }),
  removeContacts: (fx) => ({ query: GROUP, body: { contact_ids: [fx.contacts.vip] } }),
  getDashboardFilters: () => ({}),
  getStatsSummary: (fx) => ({ query: statsQuery(fx) }),
  getStatsTimeseries: (fx) => ({ query: { ...statsQuery(fx), granularity: 'day' } }),
  getStatsBreakdown: (fx) => ({ query: { ...statsQuery(fx), by: 'mailbox' } }),
  getStatsDistribution: (fx) => ({ query: statsQuery(fx) }),
  getStatsHeatmap: (fx) => ({ query: statsQuery(fx) }),
  listUnrepliedRequests: (fx) => ({
    query: { ...statsQuery(fx), order: 'longest', page: '1', page_size: '50' },
  }),
  closeRequest: (fx) => ({ params: { id: fx.requests.waiting } }),
  reopenRequest: (fx) => ({ params: { id: fx.requests.closed } }),
  exportStatsCsv: (fx) => ({ query: { ...statsQuery(fx), by: 'mailbox' } }),
  exportRequestsCsv: (fx) => ({ query: statsQuery(fx) }),
  listApiTokens: () => ({}),
  createApiToken: () => ({ body: { name: 'Looker', scope: 'stats:read', expires_in_days: 90 } }),
  revokeApiToken: (fx) => ({ params: { id: fx.apiTokenId } }),
  listReports: () => ({}),
  getReportChoices: (fx) => ({ query: { email: fx.ws.manager.email } }),
  createReport: (fx) => ({
    body: { email: fx.ws.manager.email, frequency: 'daily', mailboxes: [fx.sales], teams: [] },
  }),
  updateReport: (fx) => ({
    params: { id: fx.report.id },
    body: { frequency: 'monthly', mailboxes: [], teams: [fx.teams.support] },
  }),
  deleteReports: (fx) => ({ body: { subscriptions: [fx.report.id] } }),
  sendReportNow: (fx) => ({ params: { id: fx.report.id } }),
  showUnsubscribe: (fx) => ({ params: { token: fx.report.token } }),
  expireToken: () => ({}),
  listAuditEntries: () => ({ query: { ...AUDIT_QUERY, page: '1', page_size: '50' } }),
  exportAuditCsv: () => ({ query: AUDIT_QUERY }),
  sendFeedback: () => ({ body: { content: 'The charts are great', type: 'Question' } }),
  requestIntegration: () => ({
    body: { content: 'We use Zendesk', integration_name: 'Zendesk', integration_id: 'zendesk' },
  }),
  unsubscribe: (fx) => ({
    params: { token: fx.report.token },
    body: { 'List-Unsubscribe': 'One-Click' },
  }),
};

export function plausibleRequest(op: ContractOperation, fx: SweepFixture): SweepRequest {
  const make = PLAUSIBLE[op.operationId as OperationId];
  if (!make) throw new Error(`No plausible request for ${op.operationId} in settings-sweep.ts`);
  return make(fx);
}

/** The operation's URL with the request's path parameters filled in and its query appended. */
export function urlOf(op: ContractOperation, request: SweepRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(request.params?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Calls the operation as the session would, XSRF pair included. */
export function send(
  suite: TestSuite,
  token: string,
  op: ContractOperation,
  request: SweepRequest,
) {
  return client(suite.app, token).request(op.method, urlOf(op, request), request.body);
}

/** The tables that hold a workspace's rows: every table with a workspace_id column (no view). */
export async function workspaceTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'workspace_id'
        and t.table_type = 'BASE TABLE'
      order by c.table_name`,
  );
  return rows.map((row) => row.table_name);
}

const tablesOf = new WeakMap<Db, Promise<string[]>>();

/**
 * Every row the workspace owns, table by table, each row as JSON text in a stable order. One
 * query for all the tables: the sweeps take a snapshot after each of thousands of bad requests.
 */
export async function snapshotWorkspace(db: Db, workspaceId: number) {
  let tables = tablesOf.get(db);
  if (!tables) tablesOf.set(db, (tables = workspaceTables(db)));
  const names = await tables;
  const columns = names.map(
    (table, i) =>
      `(select coalesce(json_agg(r order by r), '[]') from
         (select to_jsonb(t)::text as r from "${table}" t where workspace_id = $1) s) as "${i}"`,
  );
  const [row] = await db.query<Record<string, string[]>>(`select ${columns.join(', ')}`, [
    workspaceId,
  ]);
  return Object.fromEntries(names.map((table, i) => [table, row?.[String(i)] ?? []]));
}
