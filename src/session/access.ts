import { FEATURE_NAMES, type FeatureName, type Features, type Role } from '@common/access-model';

/** What the route guard and the shell decide on: the role and the workspace's features. */
export interface Access {
  role: Role;
  features: Features;
}

/** `/settings/users/` → `settings/users`: the form the spec's rules are written against. */
export function normalizePath(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, '');
}

/** The dashboard, or `/`, which only redirects to it. */
export const isDashboardPath = (path: string) => path === '' || path === 'dashboard';

export const isLoginPath = (path: string) => path === 'login';

/** The spec's rule: the first six characters of the path equal those of the feature's name. */
const matchesFeaturePrefix = (name: FeatureName, path: string) =>
  path.slice(0, 6) === name.slice(0, 6);

/**
 * True when a signed-in visitor with this access must get the not-found page instead of the
 * page at `path` (any page but dashboard, login and not-found): a non-admin role, or a disabled
 * feature that the page belongs to (`features`, which its routes declare in their `staticData`)
 * or whose name prefix matches the path.
 */
export function deniesPath(
  access: Access,
  pathname: string,
  features: readonly FeatureName[],
): boolean {
  if (access.role !== 'admin') return true;
  const path = normalizePath(pathname);
  return FEATURE_NAMES.some(
    (name) =>
      !access.features[name].enabled &&
      (features.includes(name) || matchesFeaturePrefix(name, path)),
  );
}
