import type { FileRouteTypes } from '@/routeTree.gen';
import type { FeatureName } from '@common/access-model';
import { deniesPath, type Access } from './access';

interface SettingsTab {
  label: string;
  to: FileRouteTypes['to'];
  /**
   * The feature its route declares (a test holds the two together); none for Activity, the
   * audit log, which every admin sees whatever the workspace's features.
   */
  feature?: FeatureName;
}

const SETTINGS_TABS: readonly SettingsTab[] = [
  { label: 'Mailboxes', to: '/settings/mailboxes', feature: 'mailboxes' },
  { label: 'Users', to: '/settings/users', feature: 'users' },
  { label: 'Teams', to: '/settings/teams', feature: 'teams' },
  { label: 'Business Hours', to: '/settings/business', feature: 'business_hours' },
  { label: 'Metric Adjustments', to: '/settings/metric', feature: 'metric_adjustments' },
  { label: 'Contact Groups', to: '/settings/contact-groups', feature: 'contact_groups' },
  { label: 'Reports', to: '/settings/reports', feature: 'reports' },
  { label: 'API', to: '/settings/api', feature: 'api_tokens' },
  { label: 'Activity', to: '/settings/activity' },
];

/** The tabs whose route the guard lets this visitor see: disabled features lose their tab. */
export function allowedSettingsTabs(access: Access): SettingsTab[] {
  return SETTINGS_TABS.filter(
    (tab) => !deniesPath(access, tab.to, tab.feature ? [tab.feature] : []),
  );
}
