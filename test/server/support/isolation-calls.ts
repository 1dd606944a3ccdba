import type { OperationId } from '../../../server/contract/types';
import type { TestWorkspace } from './app';

/** One call of a contract operation: its id, method, URL and body. */
export type Call = readonly [
  OperationId,
  'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  string,
  unknown?,
];

/** The ids of what the isolation test stores for the workspace it aims at. */
export interface TargetIds {
  team: number;
  alert: number;
  contact: number;
  report: number;
  /** A waiting request of sales@ and one closed by hand, as the unreplied list names them. */
  requests: { waiting: string; closed: string };
  /** A live read-only API token. */
  apiToken: number;
}

/**
 * A call of every signed-in operation of the contract, aimed at Alpha's ids, addresses and
 * names (test/server/db/isolation.test.ts makes Beta's admin send them).
 */
export function callsAimedAt(alpha: TestWorkspace, ids: TargetIds): Call[] {
  const group = '?name=Alpha%20group';
  const hours = {
    business_hours: [{ weekday: 'Tue', start_time: '08:00:00', end_time: '09:00:00' }],
    timezone: 'Europe/Paris',
  };
  return [
    ['getMe', 'GET', '/portal/api/me/'],
    ['getDashboard', 'GET', '/portal/api/dashboard'],
    ['getDashboardFilters', 'GET', '/portal/api/dashboard/filters'],
    ['getGuestToken', 'GET', '/portal/api/dashboard/guest-token/'],
    ['listMailboxes', 'GET', '/portal/api/settings/mailboxes/'],
    [
      'createMailboxes',
      'POST',
      '/portal/api/settings/mailboxes/',
      { emails: ['sales@alpha.example'], data_from: '2026-01-01' },
    ],
    [
      'deleteMailboxes',
      'DELETE',
      '/portal/api/settings/mailboxes/',
      { emails: ['sales@alpha.example'], delete_from_bq: true },
    ],
    ['listUsers', 'GET', '/portal/api/settings/users/'],
    [
      'createUsers',
      'POST',
      '/portal/api/settings/users/',
      { emails: ['mia@alpha.example'], role: 'viewer' },
    ],
    ['deleteUsers', 'DELETE', '/portal/api/settings/users/', { emails: ['mia@alpha.example'] }],
    [
      'assignManagers',
      'POST',
      '/portal/api/settings/managers/',
      { manager_ids: [alpha.manager.userId], mailboxes: [], teams: [] },
    ],
    ['listTeams', 'GET', '/portal/api/settings/teams/'],
    [
      'createTeam',
      'POST',
      '/portal/api/settings/teams/',
      { name: 'Alpha team', members: ['sales@alpha.example'] },
    ],
    [
      'updateTeam',
      'PATCH',
      '/portal/api/settings/teams/',
      { id: ids.team, name: 'Taken over', members: ['viewer@beta.example'] },
    ],
    ['deleteTeams', 'DELETE', '/portal/api/settings/teams/', { teams: [ids.team] }],
    ['listAlerts', 'GET', '/portal/api/alerts/'],
    ['getAlert', 'GET', `/portal/api/alerts/${ids.alert}`],
    [
      'createAlert',
      'POST',
      '/portal/api/alerts/',
      {
        name: 'x',
        minutes_gap: 60,
        base: 'unreplied_emails',
        mailboxes: ['sales@alpha.example'],
        addresses: [],
        domains: ['customer.example'],
        notify_emails: ['admin@beta.example'],
      },
    ],
    ['updateAlert', 'PATCH', `/portal/api/alerts/${ids.alert}`, { alert: { is_active: false } }],
    ['deleteAlerts', 'DELETE', '/portal/api/alerts/', { alerts: [ids.alert] }],
    ['getCompanyBusinessHours', 'GET', '/portal/api/settings/company-business-hours/'],
    ['setCompanyBusinessHours', 'POST', '/portal/api/settings/company-business-hours/', hours],
    ['deleteCompanyBusinessHours', 'DELETE', '/portal/api/settings/company-business-hours/'],
    ['getMailboxBusinessHours', 'GET', '/portal/api/settings/business-hours/sales@alpha.example'],
    [
      'setMailboxBusinessHours',
      'POST',
      '/portal/api/settings/business-hours/sales@alpha.example',
      hours,
    ],
    [
      'deleteMailboxBusinessHours',
      'DELETE',
      '/portal/api/settings/business-hours/sales@alpha.example',
    ],
    ['getFilteringSettings', 'GET', '/portal/api/settings/filtering-settings/'],
    [
      'setFilteringSettings',
      'POST',
      '/portal/api/settings/filtering-settings/',
      {
        filtering_settings: {
          excluded_filters: {
            labels: { is: [], contains: [] },
            domains: { is: [], contains: [] },
            folders: { is: [], contains: [] },
            subject: { is: [], contains: [] },
            addresses: { is: [], contains: [] },
            categories: { is: [], contains: [] },
          },
          internal_domains: [],
        },
      },
    ],
    ['listContactGroups', 'GET', '/portal/api/settings/contact-groups/'],
    ['getContactGroup', 'GET', `/portal/api/settings/contact-groups/details/${group}`],
    [
      'addContacts',
      'POST',
      `/portal/api/settings/contact-groups/add_contacts/${group}`,
      { contacts: [{ domain: 'evil.example' }] },
    ],
    [
      'createContactGroup',
      'POST',
      '/portal/api/settings/contact-groups/create/',
      { name: 'Alpha group', contacts: [{ domain: 'beta.example' }] },
    ],
    [
      'renameContactGroup',
      'POST',
      `/portal/api/settings/contact-groups/rename/${group}`,
      { name: 'Renamed' },
    ],
    [
      'removeContacts',
      'POST',
      `/portal/api/settings/contact-groups/remove_contacts/${group}`,
      { contact_ids: [ids.contact] },
    ],
    ['deleteContactGroup', 'DELETE', `/portal/api/settings/contact-groups/delete_group/${group}`],
    [
      'sendFeedback',
      'POST',
      '/portal/api/feedback/',
      { content: 'Feedback from Beta', type: 'Bug' },
    ],
    [
      'requestIntegration',
      'POST',
      '/portal/api/integration-requests/',
      { content: 'Please add Attio', integration_name: 'Attio', integration_id: 'attio' },
    ],
    ...holidayAndReportCalls(ids),
    ['expireToken', 'POST', '/portal/expire-token/'],
    // Statistics aimed at Alpha's mailbox, team and group: refused, never Alpha's figures.
    ...statsCalls(ids),
  ];
}

/** Beta's own holidays come and go; Alpha's closed day and report subscription stay as they were. */
function holidayAndReportCalls(ids: TargetIds): Call[] {
  const holidays = '/portal/api/settings/holidays';
  const report = `/portal/api/reports/${ids.report}`;
  return [
    ['listHolidays', 'GET', `${holidays}/`],
    ['addHoliday', 'POST', `${holidays}/`, { date: '2026-12-24', name: 'Beta closed day' }],
    ['removeHoliday', 'DELETE', `${holidays}/2026-12-24`],
    ['previewHolidays', 'GET', `${holidays}/preview?country=ES&from_year=2026&to_year=2026`],
    [
      'importHolidays',
      'POST',
      `${holidays}/import`,
      { country: 'ES', from_year: 2026, to_year: 2026, dates: ['2026-12-25'] },
    ],
    ['listHolidayCountries', 'GET', '/portal/api/settings/holiday-countries/'],
    ['listReports', 'GET', '/portal/api/reports/'],
    [
      'createReport',
      'POST',
      '/portal/api/reports/',
      { email: 'mia@alpha.example', frequency: 'weekly' },
    ],
    ['getReportChoices', 'GET', '/portal/api/reports/choices?email=mia@alpha.example'],
    ['updateReport', 'PATCH', report, { frequency: 'daily' }],
    ['sendReportNow', 'POST', `${report}/send`],
    ['deleteReports', 'DELETE', '/portal/api/reports/', { subscriptions: [ids.report] }],
  ];
}

function statsCalls(ids: TargetIds): Call[] {
  const filters = `from=2026-01-01&to=2026-12-31&mailboxes=sales@alpha.example&teams=${ids.team}`;
  const groups = 'from=2026-01-01&to=2026-12-31&contact_groups=Alpha%20group';
  return [
    ['getStatsSummary', 'GET', `/portal/api/stats/summary?${filters}`],
    ['getStatsTimeseries', 'GET', `/portal/api/stats/timeseries?${groups}`],
    ['getStatsBreakdown', 'GET', `/portal/api/stats/breakdown?${filters}&by=mailbox`],
    ['getStatsDistribution', 'GET', `/portal/api/stats/distribution?${groups}`],
    ['getStatsHeatmap', 'GET', `/portal/api/stats/heatmap?${filters}`],
    ['listUnrepliedRequests', 'GET', `/portal/api/stats/unreplied?${filters}`],
    ['exportStatsCsv', 'GET', `/portal/api/stats/export.csv?${groups}&by=domain`],
    ['exportRequestsCsv', 'GET', `/portal/api/stats/requests.csv?${filters}`],
    ['closeRequest', 'PUT', `/portal/api/stats/unreplied/${ids.requests.waiting}/closure`],
    ['reopenRequest', 'DELETE', `/portal/api/stats/unreplied/${ids.requests.closed}/closure`],
    ['listApiTokens', 'GET', '/portal/api/settings/api-tokens/'],
    [
      'createApiToken',
      'POST',
      '/portal/api/settings/api-tokens/',
      { name: 'Alpha BI', scope: 'stats:read', expires_in_days: 30 },
    ],
    ['revokeApiToken', 'DELETE', `/portal/api/settings/api-tokens/${ids.apiToken}`],
    // Alpha's own audit entries hold its secrets: Beta's log shows none of them.
    ['listAuditEntries', 'GET', '/portal/api/audit/?page_size=200'],
    ['exportAuditCsv', 'GET', '/portal/api/audit/export.csv'],
  ];
}
