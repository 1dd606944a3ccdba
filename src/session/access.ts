import { FEATURE_NAMES, type FeatureName, type Features, type Role } from '@common/access-model';

/** What the route guard and the shell decide on: the role and the workspace's features. */
export interface Access {
  role: Role;
  features: Features;
}

// The routes each feature owns (document 2). A route covers its children too, so
// settings/mailboxes also covers settings/mailboxes/add; integrations is a child area of alerts.
const FEATURE_ROUTES: Readonly<Record<FeatureName, readonly string[]>> = {
  mailboxes: ['settings/mailboxes'],
  users: ['settings/users'],
  teams: ['settings/teams'],
  business_hours: ['settings/business'],
  metric_adjustments: ['settings/metric'],
  contact_groups: ['settings/contact-groups'],
  alerts: ['alerts', 'integrations'],
  reports: ['settings/reports'],
};

/** `/settings/users/` → `settings/users`: the form the spec's rules are written against. */
export function normalizePath(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, '');
}

/** The dashboard, or `/`, which only redirects to it. */
export const isDashboardPath = (path: string) => path === '' || path === 'dashboard';

export const isLoginPath = (path: string) => path === 'login';

const ownsPath = (route: string, path: string) => path === route || path.startsWith(`${route}/`);

/** The spec's rule: the first six characters of the path equal those of the feature's name. */
const matchesFeaturePrefix = (name: FeatureName, path: string) =>
  path.slice(0, 6) === name.slice(0, 6);

/**
 * True when a signed-in visitor with this access must get the not-found page instead of the
 * page at `path` (any page but dashboard, login and not-found): a non-admin role, or a disabled
 * feature whose name prefix or own route matches the path.
 */
export function deniesPath(access: Access, pathname: string): boolean {
  if (access.role !== 'admin') return true;
  const path = normalizePath(pathname);
  return FEATURE_NAMES.some(
    (name) =>
      !access.features[name].enabled &&
      (matchesFeaturePrefix(name, path) ||
        FEATURE_ROUTES[name].some((route) => ownsPath(route, path))),
  );
}
