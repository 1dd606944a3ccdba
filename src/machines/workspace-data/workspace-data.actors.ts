import type {
  Alert,
  ApiToken,
  BusinessHours,
  ContactGroup,
  FeatureFlags,
  FilteringSettingsReply,
  Mailbox,
  ReportList,
  Team,
  User,
} from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { FeatureName, Features } from '@/session/user-info';

/** What an admin loads for each feature before the shell shows. */
export interface WorkspaceListData {
  alerts: Alert[];
  mailboxes: Mailbox[];
  users: User[];
  teams: Team[];
  business_hours: BusinessHours;
  metric_adjustments: FilteringSettingsReply;
  contact_groups: ContactGroup[];
  reports: ReportList;
  api_tokens: ApiToken[];
}

/** One list: loaded, failed (the screen shows its generic failure state), or not loaded. */
type ListResult<T> = { status: 'loaded'; data: T } | { status: 'failed' } | { status: 'disabled' };

export type WorkspaceLists = { [K in FeatureName]: ListResult<WorkspaceListData[K]> };

async function settle<T>(flags: FeatureFlags, load: () => Promise<T>): Promise<ListResult<T>> {
  if (!flags.enabled) return { status: 'disabled' };
  try {
    return { status: 'loaded', data: await load() };
  } catch {
    return { status: 'failed' };
  }
}

export function createWorkspaceDataActors(client: ApiClient) {
  const load = {
    alerts: async () => (await expectData(client.GET('/portal/api/alerts/'))).alerts,
    mailboxes: async () =>
      (await expectData(client.GET('/portal/api/settings/mailboxes/'))).mailboxes,
    users: async () => (await expectData(client.GET('/portal/api/settings/users/'))).users,
    teams: async () => (await expectData(client.GET('/portal/api/settings/teams/'))).teams,
    business_hours: () => expectData(client.GET('/portal/api/settings/company-business-hours/')),
    metric_adjustments: () => expectData(client.GET('/portal/api/settings/filtering-settings/')),
    contact_groups: async () =>
      (await expectData(client.GET('/portal/api/settings/contact-groups/'))).contact_groups,
    reports: () => expectData(client.GET('/portal/api/reports/')),
    api_tokens: async () =>
      (await expectData(client.GET('/portal/api/settings/api-tokens/'))).tokens,
  };
  return {
    /** Every enabled feature's list, in parallel; a failed list never fails the others. */
    loadWorkspaceData: fromPromise<WorkspaceLists, { features: Features }>(async ({ input }) => {
      const f = input.features;
      const [
        alerts,
        mailboxes,
        users,
        teams,
        businessHours,
        metricAdjustments,
        contactGroups,
        reports,
        apiTokens,
      ] = await Promise.all([
        settle(f.alerts, load.alerts),
        settle(f.mailboxes, load.mailboxes),
        settle(f.users, load.users),
        settle(f.teams, load.teams),
        settle(f.business_hours, load.business_hours),
        settle(f.metric_adjustments, load.metric_adjustments),
        settle(f.contact_groups, load.contact_groups),
        settle(f.reports, load.reports),
        settle(f.api_tokens, load.api_tokens),
      ]);
      return {
        alerts,
        mailboxes,
        users,
        teams,
        business_hours: businessHours,
        metric_adjustments: metricAdjustments,
        contact_groups: contactGroups,
        reports,
        api_tokens: apiTokens,
      };
    }),
  };
}
