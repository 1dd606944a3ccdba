import { LogOutIcon } from '../icons';
import './AccountItem.css';

interface AccountItemProps {
  email: string;
  onLogout: () => void;
  /** While the logout call runs. */
  busy?: boolean;
}

/**
 * The side panel's bottom block: the signed-in address, shown whole on hover or focus, and the
 * Log out button, the only part that signs out.
 */
export function AccountItem({ email, onLogout, busy = false }: AccountItemProps) {
  return (
    <div className="shell-account">
      <span className="shell-account-avatar" title={email} aria-hidden="true">
        {email.charAt(0).toUpperCase()}
      </span>
      {/* Focusable so keyboard users can read an address the panel cuts. */}
      <span className="shell-account-email" tabIndex={0} title={email}>
        {email}
      </span>
      <button
        type="button"
        className="shell-account-logout"
        onClick={onLogout}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <LogOutIcon size={12} />
        <span className="shell-account-logout-text shell-rail-hidden">
          {busy ? 'Logging out…' : 'Log out'}
        </span>
      </button>
    </div>
  );
}
