// The sign-in code a sign-in's redirect puts in the address (`/dashboard?code=…`). It is good
// once for a minute; the root route takes it out of the address bar as soon as it reads it.

const PARAM = 'code';
const CODE = /^[A-Za-z0-9_-]{20,100}$/;

/** The sign-in code of a search string (`?code=…`), or null when there is none that could be one. */
export function readSignInCode(search: string): string | null {
  const code = new URLSearchParams(search).get(PARAM);
  return code !== null && CODE.test(code) ? code : null;
}
