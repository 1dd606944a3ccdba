import type { ReactNode } from 'react';
import { DOCS_URL, supportMailto } from '../../config';
import {
  BellIcon,
  BookIcon,
  DashboardIcon,
  MessageIcon,
  PlugIcon,
  SettingsIcon,
} from '../../ui/icons';
import { AppShell } from '../../ui/shell/AppShell';
import type { ShellFooterItem, ShellNavItem } from '../../ui/shell/SideNav';

const NAV_ITEMS: readonly ShellNavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { label: 'Alerts', to: '/alerts', icon: <BellIcon /> },
  { label: 'Integrations', to: '/integrations', icon: <PlugIcon /> },
  { label: 'Settings', to: '/settings', icon: <SettingsIcon /> },
];

const FOOTER_ITEMS: readonly ShellFooterItem[] = [
  { label: 'Documentation', href: DOCS_URL, icon: <BookIcon /> },
  {
    label: 'Share feedback',
    icon: <MessageIcon />,
    // Until the feedback modal exists, feedback goes to support by mail.
    onSelect: () => window.location.assign(supportMailto('Mailpulse feedback')),
  },
];

/** The shell with the app's fixed items; role and feature filtering come later. */
export function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell items={NAV_ITEMS} footerItems={FOOTER_ITEMS}>
      {children}
    </AppShell>
  );
}
