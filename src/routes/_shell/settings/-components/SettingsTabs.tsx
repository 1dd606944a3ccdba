import { Link } from '@tanstack/react-router';
import type { FileRouteTypes } from '../../../../routeTree.gen';
import './SettingsTabs.css';

interface SettingsTab {
  label: string;
  to: FileRouteTypes['to'];
}

const SETTINGS_TABS: readonly SettingsTab[] = [
  { label: 'Mailboxes', to: '/settings/mailboxes' },
  { label: 'Users', to: '/settings/users' },
  { label: 'Teams', to: '/settings/teams' },
  { label: 'Business Hours', to: '/settings/business' },
  { label: 'Metric Adjustments', to: '/settings/metric' },
  { label: 'Contact Groups', to: '/settings/contact-groups' },
];

/** Tab bar of the settings area; each tab is a link, so it works with history and new tabs. */
export function SettingsTabs() {
  return (
    <nav className="settings-tabs" aria-label="Settings">
      <ul>
        {SETTINGS_TABS.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className="settings-tab">
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
