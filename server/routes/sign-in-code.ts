import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { HttpError } from '../http/errors';
import { authenticate } from '../auth/authenticate';
import { exchangeSignInCode, peekSignInCode } from '../auth/sign-in-codes';

// Unknown, used and expired codes answer alike: which one it was helps only someone guessing.
const codeRefused = () =>
  new HttpError(
    400,
    'sign_in_code',
    'code: this sign-in link has expired or was already used. Sign in again.',
  );

/** The sign-in code of `/dashboard?code=`: whom it signs in, and its trade for the token. */
export default function signInCodeRoutes(app: FastifyInstance) {
  const { sessions } = app;
  const rateLimit = { max: app.config.signInRateLimit, timeWindow: 60_000 };
  publicRoute(
    app,
    'peekSignInCode',
    async ({ body, db, request }) => {
      const user = await peekSignInCode(db, body.code, sessions.now());
      if (!user) throw codeRefused();
      const current = await authenticate(db, request.headers.authorization, sessions);
      return { status: 200, body: { ...user, signed_in_as: current?.email ?? null } };
    },
    { rateLimit },
  );
  publicRoute(
    app,
    'exchangeSignInCode',
    async ({ body, db }) => {
      const token = await exchangeSignInCode(
        db,
        body.code,
        app.config.tokenTtlDays,
        sessions.now(),
      );
      if (!token) throw codeRefused();
      return { status: 200, body: { token } };
    },
    { rateLimit },
  );
}
