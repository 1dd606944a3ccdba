import type { ClientData, Me } from '@/api/types';
import type { Features, Role } from '@common/access-model';

// The session's modules name these types from here; the lists live in the shared module.
export type { FeatureName, Features, Role } from '@common/access-model';

/** The signed-in user as the client models it (spec section 3), built from the me call. */
export interface UserInfo {
  email: string;
  name: string;
  clientName: string;
  role: Role;
  /** 'G' for Google Workspace, 'M' for Microsoft 365. */
  emailProvider: ClientData['provider'];
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
