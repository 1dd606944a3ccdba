// Secrets that travel in URLs: single-use links in the path (a demo or operator sign-in link, a
// report's unsubscribe link) and credentials in the query (the sign-in code after a sign-in, a
// provider's code and state on its return, an old-style session token). They are taken out of
// whatever text holds them (a URL, a breadcrumb, a log line) before it is logged or reported.
// A read-only API token (`mp_…`, or whatever follows `Bearer`) is taken out wherever it appears:
// one pasted into a URL or an error message must not reach a log either.

const SECRET_PATH = /(\/portal\/(?:demo-login|reports\/unsubscribe)\/)[^/?#\s]+/g;
const SECRET_PARAM = /([?&](?:code|token|state)=)[^&#\s]*/g;
const API_TOKEN = /\b(mp_)[A-Za-z0-9_-]{8,}/g;
const BEARER = /\b(Bearer\s+)[^\s,;"']+/gi;

/**
 * The text with every secret path segment and API token replaced by `…`, and secret query values
 * and Bearer credentials by `redacted`.
 */
export const redactSecrets = (text: string): string =>
  text
    .replace(SECRET_PATH, '$1…')
    .replace(SECRET_PARAM, '$1redacted')
    .replace(BEARER, '$1redacted')
    .replace(API_TOKEN, '$1…');
