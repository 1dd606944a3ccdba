import type { FeatureName } from '@common/access-model';

// Route names from the spec's route table, attached to routes through `staticData`.
export type RouteName =
  | 'login'
  | 'dashboard'
  | 'alerts'
  | 'integrations'
  | 'settings'
  | 'MailboxesSettings'
  | 'UsersSettings'
  | 'TeamsSettings'
  | 'BusinessSettings'
  | 'MetricAdjustments'
  | 'ContactGroupsSettings'
  | 'AddMailboxesSettings'
  | 'ReportsSettings'
  | 'ActivitySettings'
  | 'ApiSettings';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    // Optional: redirects, layouts and unnamed pages (access-denied) carry no name.
    routeName?: RouteName;
    /**
     * The workspace feature the page belongs to (document 2): while it is disabled the route
     * guard shows not-found instead, and the shell hides the links to it.
     */
    feature?: FeatureName;
  }
}
