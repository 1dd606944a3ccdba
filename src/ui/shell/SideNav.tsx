import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FileRouteTypes } from '@/routeTree.gen';

export interface ShellNavItem {
  label: string;
  to: FileRouteTypes['to'];
  icon: ReactNode;
}

interface ShellFooterBase {
  label: string;
  icon: ReactNode;
}

/** Either an external link (opens in a new tab) or an action such as opening a modal. */
export type ShellFooterItem =
  (ShellFooterBase & { href: string }) | (ShellFooterBase & { onSelect: () => void });

interface SideNavProps {
  items: readonly ShellNavItem[];
  footerItems: readonly ShellFooterItem[];
  /** Lets the shell close the mobile menu after a choice. */
  onNavigate: () => void;
}

function ItemContent({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className="shell-item-icon">{icon}</span>
      <span className="shell-item-label shell-rail-hidden">{label}</span>
    </>
  );
}

export function SideNav({ items, footerItems, onNavigate }: SideNavProps) {
  return (
    <>
      <nav className="shell-nav" aria-label="Main">
        <ul>
          {items.map((item) => (
            <li key={item.label}>
              <Link to={item.to} className="shell-item" title={item.label} onClick={onNavigate}>
                <ItemContent icon={item.icon} label={item.label} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shell-footer">
        <ul>
          {footerItems.map((item) => (
            <li key={item.label}>
              {'href' in item ? (
                <a
                  href={item.href}
                  className="shell-item"
                  title={item.label}
                  target="_blank"
                  rel="noreferrer"
                >
                  <ItemContent icon={item.icon} label={item.label} />
                </a>
              ) : (
                <button
                  type="button"
                  className="shell-item"
                  title={item.label}
                  onClick={() => {
                    onNavigate();
                    item.onSelect();
                  }}
                >
                  <ItemContent icon={item.icon} label={item.label} />
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
