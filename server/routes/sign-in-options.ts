import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route';
import { notFound } from '../http/errors';
import { createDemoSignInPath } from '../auth/demo-login';
import { listDemoUsers } from '../repos/sign-in';

const DEMO_OFF = 'Demo sign-in is off on this server.';

/** What the login page offers before anyone is signed in: providers and the demo users. */
export default function signInOptionsRoutes(app: FastifyInstance) {
  const config = app.config;
  publicRoute(app, 'getSignInOptions', async ({ db }) => {
    const demoUsers = config.demoSignIn ? await db.transaction((tx) => listDemoUsers(tx)) : [];
    return {
      status: 200,
      body: {
        google: config.oidc['google-oauth2'] !== undefined,
        microsoft: config.oidc['microsoft-graph'] !== undefined,
        oidc_label: config.oidc.oidc === undefined ? null : config.oidcLabel,
        demo_users: demoUsers.map(({ workspace_id, user_id, email, role }) => ({
          workspace_id,
          user_id,
          email,
          role,
        })),
      },
    };
  });
  publicRoute(
    app,
    'createDemoSignIn',
    async ({ body, db }) => {
      if (!config.demoSignIn) throw notFound(DEMO_OFF);
      const url = await createDemoSignInPath(db, body.workspace_id, body.user_id);
      if (!url) throw notFound('No such demo user.');
      return { status: 201, body: { url } };
    },
    { rateLimit: { max: config.signInRateLimit, timeWindow: 60_000 } },
  );
}
