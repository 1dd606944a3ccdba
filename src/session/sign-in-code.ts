// The sign-in code a sign-in's redirect puts in the address (`/dashboard?code=…`). It is good
// once for a minute and leaves the address bar as soon as it is read (issue 44).

const PARAM = 'code';
const CODE = /^[A-Za-z0-9_-]{20,100}$/;

/** The sign-in code of a search string (`?code=…`), or null when there is none that could be one. */
export function readSignInCode(search: string): string | null {
  const code = new URLSearchParams(search).get(PARAM);
  return code !== null && CODE.test(code) ? code : null;
}

/** The browser's address without the code, as it must be before anything else happens. */
export function dropSignInCodeFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(PARAM)) return;
  url.searchParams.delete(PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
