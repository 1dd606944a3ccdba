/** Where the browser keeps the sign-in token and the failed-login flag (local storage). */
export const TOKEN_KEY = 'token';
export const ERROR_LOGIN_KEY = 'errorLogin';

export const readToken = (): string | null => window.localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string) => window.localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => window.localStorage.removeItem(TOKEN_KEY);

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}
