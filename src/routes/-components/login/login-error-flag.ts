// The backend's failed sign-in flow leaves this flag in local storage for the login page.
const LOGIN_ERROR_KEY = 'errorLogin';

// Storage can throw (blocked cookies, some private modes); a missing flag is the safe default.
export function hasLoginErrorFlag(): boolean {
  try {
    return window.localStorage.getItem(LOGIN_ERROR_KEY) !== null;
  } catch {
    return false;
  }
}

/** Cleared when a new sign-in starts, so the error shows only for the failed attempt. */
export function clearLoginErrorFlag(): void {
  try {
    window.localStorage.removeItem(LOGIN_ERROR_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
