import { deniesPath, type Access } from '@/session/access';
import { BellIcon, DashboardIcon, PlugIcon, SettingsIcon } from '@/ui/icons';
import type { ShellNavItem } from '@/ui/shell/SideNav';
import { allowedSettingsTabs } from '@/session/settings-tabs';

const DASHBOARD: ShellNavItem = { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> };
const ALERTS: ShellNavItem = { label: 'Alerts', to: '/alerts', icon: <BellIcon /> };
const INTEGRATIONS: ShellNavItem = {
  label: 'Integrations',
  to: '/integrations',
  icon: <PlugIcon />,
};
/** Both routes declare the alerts feature (a test holds them together). */
const ALERTS_FEATURE = ['alerts'] as const;
const SETTINGS: ShellNavItem = { label: 'Settings', to: '/settings', icon: <SettingsIcon /> };

/**
 * The header items this visitor may follow: an item shows only when the route guard would let
 * them in, so non-admins keep the dashboard alone, and a disabled alerts feature hides Alerts
 * and Integrations (its child area). Settings shows while any of its tabs remains.
 */
export function shellNavItems(access: Access): ShellNavItem[] {
  return [
    DASHBOARD,
    ...(deniesPath(access, ALERTS.to, ALERTS_FEATURE) ? [] : [ALERTS]),
    ...(deniesPath(access, INTEGRATIONS.to, ALERTS_FEATURE) ? [] : [INTEGRATIONS]),
    ...(allowedSettingsTabs(access).length > 0 ? [SETTINGS] : []),
  ];
}
