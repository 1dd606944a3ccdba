import type { components } from '../openapi/portal.gen';

// The roles and feature names of the contract, as lists both the client and the server walk.

type Schemas = components['schemas'];
export type Role = Schemas['Role'];
export type Features = Schemas['Features'];
export type FeatureName = keyof Features;

export const ROLES = ['admin', 'manager', 'viewer'] as const satisfies readonly Role[];

export const FEATURE_NAMES = [
  'mailboxes',
  'alerts',
  'users',
  'teams',
  'business_hours',
  'contact_groups',
  'metric_adjustments',
  'reports',
  'api_tokens',
] as const satisfies readonly FeatureName[];
