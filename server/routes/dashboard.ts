import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { route } from './route';
import { HttpError, notFound } from '../http/errors';
import type { AuthContext } from '../auth/authenticate';
import type { DashboardRow } from '../repos/workspaces';
import { SupersetError, supersetClient, type GuestUser } from '../superset/client';
import { guestTokenRls } from '../superset/rls';
import type { Db } from '../db/types';
import type { Schemas } from '../contract/types';
import { sharedDashboardFilters } from '../repos/dashboard-filters';
import { workspaceOf } from './session';

const LOOKER_EMBED = 'https://lookerstudio.google.com/embed/';
const LOOKER = 'https://lookerstudio.google.com/';

/**
 * Each guest token costs Superset a login. The embedded SDK asks once per page and again 5 s
 * before the token expires (Superset's default 5 minutes, never sooner than every 10 s): 30 a
 * minute per user leaves room for several tabs and reloads.
 */
const GUEST_TOKENS_PER_MINUTE = 30;
const badGateway = (message: string) => new HttpError(502, 'bad_gateway', message);

/** The guest is the caller, so Superset's logs name the person who looked. */
function guestUser(auth: AuthContext): GuestUser {
  const [first = '', ...rest] = auth.fullName.trim().split(/\s+/);
  return { username: auth.email, first_name: first, last_name: rest.join(' ') };
}

export default function dashboardRoutes(app: FastifyInstance) {
  const superset = app.config.superset;
  const client = superset ? supersetClient(superset) : undefined;

  /** A fresh guest token, or a 502 that says what failed (logged without credentials). */
  async function guestToken(uuid: string, db: Db, auth: AuthContext, log: FastifyBaseLogger) {
    if (!client) {
      log.warn({ workspaceId: auth.workspaceId }, 'Superset dashboard but SUPERSET_URL is unset');
      throw badGateway('Superset is not configured on this server.');
    }
    // Tenant-safe: the token only shows the workspace's rows, and a manager's or viewer's mailboxes.
    const rls = await db.transaction((tx) => guestTokenRls(tx, auth));
    try {
      return await client.guestToken(uuid, guestUser(auth), rls);
    } catch (error) {
      if (!(error instanceof SupersetError)) throw error;
      log.warn({ step: error.step, status: error.status, err: error.message }, 'Superset failed');
      throw badGateway('Superset did not issue a guest token; try again in a moment.');
    }
  }

  async function supersetBody(
    dashboard: DashboardRow,
    uuid: string,
    db: Db,
    auth: AuthContext,
    log: FastifyBaseLogger,
  ) {
    // A failure here still lets the page load; its own getGuestToken call then shows the error.
    const jwt = await guestToken(uuid, db, auth, log).catch((error: unknown) => {
      if (error instanceof HttpError) return null;
      throw error;
    });
    return {
      name: dashboard.name || null,
      created: dashboard.created_at,
      dashboard_url: dashboard.dashboard_url,
      // The frame the SDK loads; the client takes everything before `/embedded/` as supersetDomain.
      dashboard_embedded_url: superset
        ? `${superset.url}/embedded/${uuid}`
        : dashboard.embedded_url,
      dashboard_platform: 'Superset' as const,
      dashboard_uuid: uuid,
      jwt_token: jwt,
    };
  }

  function lookerBody(dashboard: DashboardRow, embedded: string) {
    return {
      name: dashboard.name || null,
      created: dashboard.created_at,
      // The report itself (for Open in Looker Studio): the embed URL without its `embed/`.
      dashboard_url: dashboard.dashboard_url ?? embedded.replace(LOOKER_EMBED, LOOKER),
      dashboard_embedded_url: embedded,
      dashboard_platform: 'Looker Studio' as const,
      dashboard_uuid: null,
      jwt_token: null,
    };
  }

  const NO_DASHBOARD: Schemas['Dashboard'] = {
    name: null,
    created: null,
    dashboard_url: null,
    dashboard_embedded_url: null,
    dashboard_platform: null,
    dashboard_uuid: null,
    jwt_token: null,
  };

  route(app, 'getDashboard', {}, async ({ db, auth, request }) => {
    const { dashboard } = await workspaceOf(app, auth);
    const { platform, dashboard_uuid: uuid, embedded_url: embedded } = dashboard;
    if (platform === 'Superset' && uuid) {
      return { status: 200, body: await supersetBody(dashboard, uuid, db, auth, request.log) };
    }
    if (platform === 'Looker Studio' && embedded?.startsWith(LOOKER_EMBED)) {
      return { status: 200, body: lookerBody(dashboard, embedded) };
    }
    if (platform === 'Native') {
      const body = { ...NO_DASHBOARD, name: dashboard.name || null, created: dashboard.created_at };
      return { status: 200, body: { ...body, dashboard_platform: 'Native' as const } };
    }
    return { status: 200, body: NO_DASHBOARD };
  });

  route(app, 'getDashboardFilters', {}, async ({ db, auth }) => {
    const body = await sharedDashboardFilters(db, auth);
    return { status: 200, body };
  });

  route(
    app,
    'getGuestToken',
    {},
    async ({ db, auth, request }) => {
      const { dashboard } = await workspaceOf(app, auth);
      if (dashboard.platform !== 'Superset' || !dashboard.dashboard_uuid) {
        throw notFound("This workspace's dashboard is not a Superset dashboard.");
      }
      const token = await guestToken(dashboard.dashboard_uuid, db, auth, request.log);
      return { status: 200, body: { token } };
    },
    { perUserPerMinute: GUEST_TOKENS_PER_MINUTE },
  );
}
