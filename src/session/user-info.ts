import type { components } from '../../openapi/portal.gen';

type Schemas = components['schemas'];
export type Role = Schemas['Role'];
export type Features = Schemas['Features'];
export type FeatureFlags = Schemas['FeatureFlags'];
export type FeatureName = keyof Features;
export type Me = Schemas['Me'];

export const ROLES: readonly Role[] = ['admin', 'manager', 'viewer'];
export const FEATURE_NAMES: readonly FeatureName[] = [
  'mailboxes',
  'alerts',
  'users',
  'teams',
  'business_hours',
  'contact_groups',
  'metric_adjustments',
];

/** The signed-in user as the client models it (spec section 3), built from the me call. */
export interface UserInfo {
  email: string;
  name: string;
  clientName: string;
  role: Role;
  /** 'G' for Google Workspace, 'M' for Microsoft 365. */
  emailProvider: Schemas['ClientData']['provider'];
  mixpanelId: string;
  maxMailboxes: number;
  maxUsers: number;
  maxAlerts: number;
  features: Features;
}

export function toUserInfo(me: Me): UserInfo {
  const client = me.client_data;
  return {
    email: me.email,
    name: me.full_name,
    clientName: client.client_name,
    role: me.role,
    emailProvider: client.provider,
    mixpanelId: me.mixpanel_id,
    maxMailboxes: client.max_mailboxes,
    maxUsers: client.max_users,
    maxAlerts: client.max_alerts,
    features: client.features,
  };
}
