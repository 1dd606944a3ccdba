import type { RouteName } from '@/router-types';

const PRODUCT = 'Mailpulse';

const PAGE_NAMES: Record<RouteName, string> = {
  login: 'Log in',
  dashboard: 'Dashboard',
  alerts: 'Alerts',
  integrations: 'Integrations',
  settings: 'Settings',
  MailboxesSettings: 'Mailboxes',
  UsersSettings: 'Users',
  TeamsSettings: 'Teams',
  BusinessSettings: 'Business Hours',
  MetricAdjustments: 'Metric Adjustments',
  ContactGroupsSettings: 'Contact Groups',
  AddMailboxesSettings: 'Add mailboxes',
  ReportsSettings: 'Reports',
  ActivitySettings: 'Activity',
  ApiSettings: 'API',
};

/** The browser tab's title for a page: `Alerts · Mailpulse`; the product alone for others. */
export function pageTitle(routeName: RouteName | undefined): string {
  return routeName ? `${PAGE_NAMES[routeName]} · ${PRODUCT}` : PRODUCT;
}
