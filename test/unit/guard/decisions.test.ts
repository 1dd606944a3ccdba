import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  createRouteGuardMachine,
  type RouteGuardEvent,
} from '../../../src/machines/route-guard/route-guard.machine';
import { deniesPath, type Access } from '../../../src/session/access';
import { FEATURE_NAMES, type FeatureName, type Role } from '../../../common/access-model';
import { makeFeatures, type FeatureOverrides } from '../../support/fixtures';
import { offlineClient } from '../../support/offline-client';

// Each routed path, and the feature that owns it (document 2), which its route declares in its
// `staticData` (checked in routing.test.tsx); `open` paths are the dashboard (and `/`, which
// redirects there), which any signed-in user may see.
const PATHS: readonly { path: string; feature?: FeatureName; open?: boolean }[] = [
  { path: '/', open: true },
  { path: '/dashboard', open: true },
  { path: '/alerts/', feature: 'alerts' },
  { path: '/integrations', feature: 'alerts' },
  { path: '/settings/' },
  { path: '/settings/mailboxes', feature: 'mailboxes' },
  { path: '/settings/mailboxes/add', feature: 'mailboxes' },
  { path: '/settings/users', feature: 'users' },
  { path: '/settings/teams', feature: 'teams' },
  { path: '/settings/business', feature: 'business_hours' },
  { path: '/settings/metric', feature: 'metric_adjustments' },
  { path: '/settings/contact-groups', feature: 'contact_groups' },
  { path: '/settings/reports', feature: 'reports' },
  { path: '/settings/api', feature: 'api_tokens' },
  // The audit log: admins only, whatever the features.
  { path: '/settings/activity' },
  { path: '/access-denied' },
];

const ROLES: readonly Role[] = ['admin', 'manager', 'viewer'];

const FEATURE_STATES: readonly { label: string; overrides: FeatureOverrides }[] = [
  { label: 'every feature on', overrides: {} },
  ...FEATURE_NAMES.map((name) => ({
    label: `${name} off`,
    overrides: { [name]: { enabled: false } },
  })),
  ...FEATURE_NAMES.map((name) => ({
    label: `${name} read-only`,
    overrides: { [name]: { read_only: true } },
  })),
];

/** The spec's rules, written out independently of the implementation. */
function expected(role: Role, overrides: FeatureOverrides, entry: (typeof PATHS)[number]) {
  if (entry.open) return 'allowed';
  if (role !== 'admin') return 'notFound';
  const disabled = entry.feature !== undefined && overrides[entry.feature]?.enabled === false;
  return disabled ? 'notFound' : 'allowed';
}

const CASES = ROLES.flatMap((role) =>
  FEATURE_STATES.flatMap(({ label, overrides }) =>
    PATHS.map((entry) => ({
      role,
      label,
      overrides,
      path: entry.path,
      feature: entry.feature,
      decision: expected(role, overrides, entry),
    })),
  ),
);

function navigate(
  path: string,
  access: Access,
  isFirstNavigation: boolean,
  feature?: FeatureName,
): RouteGuardEvent {
  return {
    type: 'NAVIGATE',
    pathname: path,
    routeFound: true,
    features: feature ? [feature] : [],
    isFirstNavigation,
    hasToken: true,
    storedAccess: access,
  };
}

describe('route guard decisions', () => {
  it.each(CASES)(
    '$role, $label: $path → $decision (first navigation, stored user info)',
    ({ role, overrides, path, feature, decision }) => {
      const access: Access = { role, features: makeFeatures(overrides) };
      const guard = createActor(createRouteGuardMachine(offlineClient)).start();
      guard.send(navigate(path, access, true, feature));
      expect(guard.getSnapshot().value).toBe(decision);
    },
  );

  it.each(CASES)(
    '$role, $label: $path → $decision (later navigation, user-info call)',
    async ({ role, overrides, path, feature, decision }) => {
      const access: Access = { role, features: makeFeatures(overrides) };
      // The stored info says otherwise: after the first navigation only the server counts.
      const stale: Access = {
        role: role === 'admin' ? 'viewer' : 'admin',
        features: makeFeatures(),
      };
      const machine = createRouteGuardMachine(offlineClient).provide({
        actors: { loadAccess: fromPromise(async () => access) },
      });
      const guard = createActor(machine).start();
      guard.send(navigate(path, stale, false, feature));
      const settled = await waitFor(guard, (snapshot) => snapshot.hasTag('settled'));
      expect(settled.value).toBe(decision);
    },
  );
});

describe('route guard rules', () => {
  const admin = (overrides: FeatureOverrides = {}): Access => ({
    role: 'admin',
    features: makeFeatures(overrides),
  });

  it('denies the page of a disabled feature its route declares, whatever its path', () => {
    const off = admin({ users: { enabled: false } });
    expect(deniesPath(off, '/settings/users', ['users'])).toBe(true);
    expect(deniesPath(off, '/settings/users', [])).toBe(false);
    expect(deniesPath(admin(), '/settings/users', ['users'])).toBe(false);
  });

  it('compares the first six characters of the path with the feature name', () => {
    expect(deniesPath(admin({ alerts: { enabled: false } }), '/alertsxyz', [])).toBe(true);
    expect(deniesPath(admin({ mailboxes: { enabled: false } }), '/mailbo', [])).toBe(true);
    expect(deniesPath(admin({ contact_groups: { enabled: false } }), '/contact-us', [])).toBe(true);
    expect(deniesPath(admin({ users: { enabled: false } }), '/users', [])).toBe(true);
    expect(deniesPath(admin({ users: { enabled: false } }), '/user', [])).toBe(false);
    expect(deniesPath(admin({ alerts: { enabled: false } }), '/alert', [])).toBe(false);
  });

  it('lets the dashboard and unknown paths through without the user info', () => {
    const guard = createActor(createRouteGuardMachine(offlineClient)).start();
    const later = (pathname: string, routeFound = true): RouteGuardEvent => ({
      ...navigate(pathname, admin(), false),
      storedAccess: null,
      routeFound,
    });
    for (const event of [later('/dashboard'), later('/whatever', false)]) {
      guard.send(event);
      expect(guard.getSnapshot().value).toBe('allowed');
    }
  });

  it('sends a signed-in visitor of the login page to the dashboard', () => {
    const guard = createActor(createRouteGuardMachine(offlineClient)).start();
    guard.send({ ...navigate('/login', admin(), false), storedAccess: null });
    expect(guard.getSnapshot().value).toBe('toDashboard');
    guard.send({ ...navigate('/login/', admin(), true), storedAccess: null });
    expect(guard.getSnapshot().value).toBe('toDashboard');
  });

  it('sends a visitor without a token to login, except on the login page', () => {
    const guard = createActor(createRouteGuardMachine(offlineClient)).start();
    guard.send({ ...navigate('/dashboard', admin(), true), hasToken: false });
    expect(guard.getSnapshot().value).toBe('toLogin');
    guard.send({ ...navigate('/whatever', admin(), true), hasToken: false, routeFound: false });
    expect(guard.getSnapshot().value).toBe('toLogin');
    guard.send({ ...navigate('/login', admin(), true), hasToken: false });
    expect(guard.getSnapshot().value).toBe('allowed');
  });

  it('asks the server on a first navigation when nothing is stored', async () => {
    const machine = createRouteGuardMachine(offlineClient).provide({
      actors: { loadAccess: fromPromise(async () => admin({ users: { enabled: false } })) },
    });
    const guard = createActor(machine).start();
    guard.send({ ...navigate('/settings/users', admin(), true, 'users'), storedAccess: null });
    expect(guard.getSnapshot().value).toBe('loadingUserInfo');
    expect((await waitFor(guard, (s) => s.hasTag('settled'))).value).toBe('notFound');
  });
});
