// The sign-in code a sign-in's redirect puts in the address (`/dashboard?code=…`). It is good
// once for a minute; the root route takes it out of the address bar as soon as it reads it. The
// server checks its form (an ill-formed one is refused like a used one).

/** The sign-in code of a search string (`?code=…`), or null when there is none. */
export const readSignInCode = (search: string): string | null =>
  new URLSearchParams(search).get('code') || null;
