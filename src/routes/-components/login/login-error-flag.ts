import { ERROR_LOGIN_KEY } from '@/api/session-store';

// The failed sign-in flow (`/login?error=account`) leaves this flag in local storage for the
// login page.

// Storage can throw (blocked cookies, some private modes); a missing flag is the safe default.
export function hasLoginErrorFlag(): boolean {
  try {
    return window.localStorage.getItem(ERROR_LOGIN_KEY) !== null;
  } catch {
    return false;
  }
}

/** Set when the server sends an unknown account back to `/login?error=account`. */
export function setLoginErrorFlag(): void {
  try {
    window.localStorage.setItem(ERROR_LOGIN_KEY, 'true');
  } catch {
    // Without storage the login page cannot show the error box; sign-in still works.
  }
}

/** Cleared when a new sign-in starts, so the error shows only for the failed attempt. */
export function clearLoginErrorFlag(): void {
  try {
    window.localStorage.removeItem(ERROR_LOGIN_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
