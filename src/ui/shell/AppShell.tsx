import { useState, type ReactNode } from 'react';
import { CloseIcon, MenuIcon } from '../icons';
import { Logo } from './Logo';
import { SideNav, type ShellFooterItem, type ShellNavItem } from './SideNav';
import '../icon-button.css';
import './AppShell.css';

interface AppShellProps {
  /** Header items of the side panel, in order. */
  items: readonly ShellNavItem[];
  /** Footer items: external links or actions. */
  footerItems: readonly ShellFooterItem[];
  /** The app's version, under the footer items. */
  version: string;
  /** The account item at the very bottom of the side panel. */
  account?: ReactNode;
  children: ReactNode;
}

/**
 * Side panel + content layout. At 1100px and below the panel becomes an icon rail; at 768px
 * and below it hides behind a menu button in a top bar.
 */
export function AppShell({ items, footerItems, version, account, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  return (
    <div className="shell" data-menu-open={menuOpen || undefined}>
      <header className="shell-topbar">
        <button
          type="button"
          className="icon-button shell-menu-button"
          aria-expanded={menuOpen}
          aria-controls="shell-sidebar"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </button>
        <Logo />
      </header>
      <aside
        id="shell-sidebar"
        className="shell-sidebar"
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeMenu();
        }}
      >
        <div className="shell-brand">
          <Logo />
        </div>
        <SideNav items={items} footerItems={footerItems} onNavigate={closeMenu} />
        {/* The icon rail has no room for it: there it is left to screen readers. */}
        <p className="shell-version shell-rail-hidden">Version {version}</p>
        {account && <div className="shell-account-slot">{account}</div>}
      </aside>
      <div className="shell-backdrop" aria-hidden="true" onClick={closeMenu} />
      <main className="shell-main">{children}</main>
    </div>
  );
}
