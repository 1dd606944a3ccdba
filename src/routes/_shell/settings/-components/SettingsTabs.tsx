import { Link } from '@tanstack/react-router';
import type { Access } from '@/session/access';
import { allowedSettingsTabs } from '@/session/settings-tabs';
import './SettingsTabs.css';

/** Tab bar of the settings area; each tab is a link, so it works with history and new tabs. */
export function SettingsTabs({ access }: { access: Access }) {
  return (
    <nav className="settings-tabs" aria-label="Settings">
      <ul>
        {allowedSettingsTabs(access).map((tab) => (
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
