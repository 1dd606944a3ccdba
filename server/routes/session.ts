import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { route } from '../contract/route';
import { getWorkspace, type Workspace } from '../repos/workspaces';
import { revokeToken } from '../auth/tokens';
import type { AuthContext } from '../auth/authenticate';

async function workspaceOf(app: FastifyInstance, auth: AuthContext): Promise<Workspace> {
  const workspace = await getWorkspace(app.db, auth.workspaceId);
  // The token lookup just found this workspace; its absence is a server fault, not a client one.
  if (!workspace) throw new Error(`workspace ${auth.workspaceId} vanished`);
  return workspace;
}

/** An opaque, stable analytics id: never the email, and not reversible to it. */
const analyticsId = (auth: AuthContext) =>
  createHash('sha256')
    .update(`mailpulse:${auth.workspaceId}:${auth.userId}`)
    .digest('hex')
    .slice(0, 24);

export default function sessionRoutes(app: FastifyInstance) {
  route(app, 'getMe', {}, async ({ auth }) => {
    const workspace = await workspaceOf(app, auth);
    return {
      status: 200,
      body: {
        email: auth.email,
        full_name: auth.fullName,
        role: auth.role,
        mixpanel_id: analyticsId(auth),
        client_data: {
          allowed_domains: workspace.allowed_domains,
          max_mailboxes: workspace.max_mailboxes,
          max_users: workspace.max_users,
          max_alerts: workspace.max_alerts,
          provider: workspace.provider,
          features: workspace.features,
          client_name: workspace.client_name,
        },
      },
    };
  });

  route(app, 'expireToken', {}, async ({ auth, db }) => {
    await revokeToken(db, auth.workspaceId, auth.tokenHash);
    return { status: 204 };
  });

  route(app, 'getDashboard', {}, async ({ auth }) => {
    const { dashboard } = await workspaceOf(app, auth);
    return {
      status: 200,
      body: {
        name: dashboard.name || null,
        created: dashboard.platform ? dashboard.created_at : null,
        dashboard_url: dashboard.dashboard_url,
        dashboard_embedded_url: dashboard.embedded_url,
        dashboard_platform: dashboard.platform,
        dashboard_uuid: dashboard.dashboard_uuid,
        // Superset guest tokens are fetched on demand by the sign-in and dashboard issue.
        jwt_token: null,
      },
    };
  });
}
