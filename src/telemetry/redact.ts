// Query parameters that carry credentials: the session token after sign-in, and the
// provider's code and state on the callback. They never leave the browser in a report.
const SECRET_PARAMS = ['token', 'code', 'state'];

/** The URL with secret query values replaced; unparsable input comes back unchanged. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return url;
  }
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (parsed.searchParams.has(name)) {
      parsed.searchParams.set(name, 'redacted');
      changed = true;
    }
  }
  if (!changed) return url;
  return parsed.origin === 'http://relative.invalid'
    ? `${parsed.pathname}${parsed.search}${parsed.hash}`
    : parsed.href;
}
