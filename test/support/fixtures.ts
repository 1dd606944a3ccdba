import type { Dashboard, FeatureFlags, Me } from '../../src/api/types';
import type { WorkspaceLists } from '../../src/machines/workspace-data/workspace-data.actors';
import { FEATURE_NAMES } from '../../common/access-model';
import {
  type FeatureName,
  type Features,
  type Role,
  type UserInfo,
} from '../../src/session/user-info';

export type FeatureOverrides = Partial<Record<FeatureName, Partial<FeatureFlags>>>;

/** Every feature enabled and writable, except the overrides. */
export function makeFeatures(overrides: FeatureOverrides = {}): Features {
  const entries = FEATURE_NAMES.map((name) => [
    name,
    { enabled: true, read_only: false, ...overrides[name] },
  ]);
  return Object.fromEntries(entries) as Features;
}

export function makeUser(role: Role = 'admin', overrides: FeatureOverrides = {}): UserInfo {
  return {
    email: `${role}@acme.example`,
    name: `Ada ${role}`,
    clientName: 'Acme',
    role,
    emailProvider: 'G',
    mixpanelId: 'mx-1',
    maxMailboxes: 10,
    maxUsers: 5,
    maxAlerts: 3,
    features: makeFeatures(overrides),
  };
}

/** The me call's reply for a user. */
export function meOf(user: UserInfo): Me {
  return {
    email: user.email,
    full_name: user.name,
    role: user.role,
    mixpanel_id: user.mixpanelId,
    client_data: {
      allowed_domains: ['acme.example'],
      max_mailboxes: user.maxMailboxes,
      max_users: user.maxUsers,
      max_alerts: user.maxAlerts,
      provider: user.emailProvider,
      features: user.features,
      client_name: user.clientName,
    },
  };
}

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    name: null,
    created: null,
    dashboard_url: null,
    dashboard_embedded_url: null,
    dashboard_platform: null,
    dashboard_uuid: null,
    jwt_token: null,
    ...overrides,
  };
}

export const lookerDashboard = makeDashboard({
  name: 'Acme email',
  dashboard_platform: 'Looker Studio',
  dashboard_url: 'https://lookerstudio.google.com/reporting/abc',
  dashboard_embedded_url: 'https://lookerstudio.google.com/embed/reporting/abc',
});

export const supersetDashboard = makeDashboard({
  name: 'Acme email',
  dashboard_platform: 'Superset',
  dashboard_url: 'https://superset.acme.example/superset/dashboard/7/',
  dashboard_uuid: '1b2c3d4e-0000-4000-8000-000000000001',
});

export const emptyLists: WorkspaceLists = {
  alerts: { status: 'loaded', data: [] },
  mailboxes: { status: 'loaded', data: [] },
  users: { status: 'loaded', data: [] },
  teams: { status: 'loaded', data: [] },
  business_hours: { status: 'loaded', data: { business_hours: [], timezone: 'UTC' } },
  metric_adjustments: { status: 'disabled' },
  contact_groups: { status: 'loaded', data: [] },
  reports: {
    status: 'loaded',
    data: { subscriptions: [], email_delivery: true, max_per_user: 10 },
  },
  api_tokens: { status: 'loaded', data: [] },
};
