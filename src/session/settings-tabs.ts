import type { FileRouteTypes } from '@/routeTree.gen';
import { deniesPath, type Access } from './access';

interface SettingsTab {
  label: string;
  to: FileRouteTypes['to'];
}

const SETTINGS_TABS: readonly SettingsTab[] = [
  { label: 'Mailboxes', to: '/settings/mailboxes' },
  { label: 'Users', to: '/settings/users' },
  { label: 'Teams', to: '/settings/teams' },
  { label: 'Business Hours', to: '/settings/business' },
  { label: 'Metric Adjustments', to: '/settings/metric' },
  { label: 'Contact Groups', to: '/settings/contact-groups' },
  { label: 'Reports', to: '/settings/reports' },
];

/** The tabs whose route the guard lets this visitor see: disabled features lose their tab. */
export function allowedSettingsTabs(access: Access): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => !deniesPath(access, tab.to));
}
