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
  | 'ReportsSettings';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    // Optional: redirects, layouts and unnamed pages (access-denied) carry no name.
    routeName?: RouteName;
  }
}
