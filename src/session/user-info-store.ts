import { FEATURE_NAMES, ROLES } from '@common/access-model';
import { type UserInfo } from './user-info';

/** Local-storage key of the "stored user info" the route guard reads on the first navigation. */
export const USER_INFO_KEY = 'userInfo';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isFlags = (value: unknown) =>
  isRecord(value) && typeof value.enabled === 'boolean' && typeof value.read_only === 'boolean';

// Storage is writable by anything on the origin and survives releases: trust only the fields the
// guard and the shell rely on, and treat anything else as "no stored info".
function isUserInfo(value: unknown): value is UserInfo {
  if (!isRecord(value) || typeof value.email !== 'string') return false;
  if (!ROLES.some((role) => role === value.role)) return false;
  const features = value.features;
  return isRecord(features) && FEATURE_NAMES.every((name) => isFlags(features[name]));
}

export function readStoredUserInfo(): UserInfo | null {
  try {
    const raw = window.localStorage.getItem(USER_INFO_KEY);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    // Unavailable storage or malformed JSON: the guard falls back to the user-info call.
    return null;
  }
}

export function storeUserInfo(user: UserInfo): void {
  try {
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  } catch {
    // Without storage the guard simply asks the server on every navigation.
  }
}

export function clearStoredUserInfo(): void {
  try {
    window.localStorage.removeItem(USER_INFO_KEY);
  } catch {
    // Nothing was stored.
  }
}
