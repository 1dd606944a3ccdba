import type { FastifyInstance } from 'fastify';

/** The code of a sign-in's `/dashboard?code=…` redirect, or undefined when it is not one. */
export const signInCodeOf = (location: unknown): string | undefined =>
  typeof location === 'string'
    ? /^\/dashboard\?code=([A-Za-z0-9_-]{43})$/.exec(location)?.[1]
    : undefined;

/** Trades a sign-in redirect's code for the session token as the app does; undefined if refused. */
export async function tokenFromRedirect(
  app: FastifyInstance,
  location: unknown,
): Promise<string | undefined> {
  const code = signInCodeOf(location);
  if (code === undefined) return undefined;
  const reply = await app.inject({
    method: 'POST',
    url: '/portal/api/sign-in-code/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ code }),
  });
  return reply.statusCode === 200 ? reply.json<{ token: string }>().token : undefined;
}
