import { LogOutIcon } from '../icons';
import './AccountItem.css';

interface AccountItemProps {
  email: string;
  onLogout: () => void;
  /** While the logout call runs. */
  busy?: boolean;
}

/** The side panel's bottom item: the signed-in address; clicking it logs out. */
export function AccountItem({ email, onLogout, busy = false }: AccountItemProps) {
  return (
    <button
      type="button"
      className="shell-item shell-account"
      title={`Log out ${email}`}
      onClick={onLogout}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      <span className="shell-account-avatar" aria-hidden="true">
        {email.charAt(0).toUpperCase()}
      </span>
      <span className="shell-item-label shell-account-text">
        <span className="shell-account-email">{email}</span>
        <span className="shell-account-action">
          <LogOutIcon size={12} />
          {busy ? 'Logging out…' : 'Log out'}
        </span>
      </span>
    </button>
  );
}
