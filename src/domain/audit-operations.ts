// What the Activity tab calls each operation of the audit log: a short sentence per contract
// write operation, sign-in event and operator CLI command, grouped for the operation filter.
// An id it does not know (a newer operation, another CLI command) is shown from its own words.

interface OperationGroup {
  label: string;
  operations: Readonly<Record<string, string>>;
}

export const OPERATION_GROUPS: readonly OperationGroup[] = [
  {
    label: 'Sign-in',
    operations: {
      signIn: 'Signed in',
      signInRefused: 'Sign-in refused',
      signOut: 'Signed out',
      revokeSessions: 'Sessions revoked',
    },
  },
  {
    label: 'Mailboxes',
    operations: {
      createMailboxes: 'Added mailboxes',
      deleteMailboxes: 'Removed mailboxes',
      setMailboxBusinessHours: 'Set mailbox hours',
      deleteMailboxBusinessHours: 'Reset mailbox hours',
    },
  },
  {
    label: 'People',
    operations: {
      createUsers: 'Added users or changed roles',
      deleteUsers: 'Removed users',
      assignManagers: 'Changed manager access',
      createTeam: 'Created a team',
      updateTeam: 'Edited a team',
      deleteTeams: 'Removed teams',
    },
  },
  {
    label: 'Alerts',
    operations: {
      createAlert: 'Created an alert',
      updateAlert: 'Edited an alert',
      deleteAlerts: 'Removed alerts',
    },
  },
  {
    label: 'Business hours',
    operations: {
      setCompanyBusinessHours: 'Set company hours',
      deleteCompanyBusinessHours: 'Cleared company hours',
      addHoliday: 'Added a holiday',
      removeHoliday: 'Removed a holiday',
      importHolidays: 'Imported holidays',
    },
  },
  {
    label: 'Metric adjustments and contacts',
    operations: {
      setFilteringSettings: 'Changed metric adjustments',
      createContactGroup: 'Created a contact group',
      renameContactGroup: 'Renamed a contact group',
      addContacts: 'Added contacts',
      removeContacts: 'Removed contacts',
      deleteContactGroup: 'Removed a contact group',
    },
  },
  {
    label: 'Reports and exports',
    operations: {
      createReport: 'Scheduled a report',
      updateReport: 'Edited a report',
      deleteReports: 'Removed reports',
      sendReportNow: 'Sent a report now',
      unsubscribe: 'Unsubscribed from a report',
      exportStatsCsv: 'Exported statistics (CSV)',
      exportRequestsCsv: 'Exported the requests (CSV)',
      exportAuditCsv: 'Exported the activity log (CSV)',
    },
  },
  {
    label: 'API tokens',
    operations: {
      createApiToken: 'Created an API token',
      revokeApiToken: 'Revoked an API token',
    },
  },
  {
    label: 'Feedback',
    operations: {
      sendFeedback: 'Sent feedback',
      requestIntegration: 'Requested an integration',
    },
  },
];

const LABELS: ReadonlyMap<string, string> = new Map(
  OPERATION_GROUPS.flatMap((group) => Object.entries(group.operations)),
);

/** `updateTeam` → `Update team`; `user:add` → `CLI: user add`; `audit_retention` → `Audit retention`. */
function fromWords(id: string): string {
  const cli = id.includes(':');
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s:_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return cli ? `CLI: ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The readable label of an operation id. */
export const operationLabel = (id: string): string => LABELS.get(id) ?? fromWords(id);

const TARGET_TYPES: Readonly<Record<string, string>> = {
  mailbox: 'Mailbox',
  user: 'User',
  team: 'Team',
  alert: 'Alert',
  business_hours: 'Business hours',
  holiday: 'Holiday',
  filtering: 'Metric adjustments',
  contact_group: 'Contact group',
  report: 'Report',
  feedback: 'Feedback',
  integration_request: 'Integration request',
  session: 'Session',
  export: 'Export',
  workspace: 'Workspace',
  mail_account: 'Mail account',
  audit_log: 'Activity log',
  api_token: 'API token',
};

/** The readable label of a target type: `contact_group` → `Contact group`. */
export const targetTypeLabel = (type: string): string => TARGET_TYPES[type] ?? fromWords(type);

/** A changed field's name as a label: `business_hours` → `Business hours`. */
export const fieldLabel = (key: string): string => fromWords(key);
