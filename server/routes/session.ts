import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { route } from './route';
import { getWorkspace, type Workspace } from '../repos/workspaces';
import { revokeToken } from '../auth/tokens';
import { HttpError } from '../http/errors';
import type { AuthContext } from '../auth/authenticate';

export async function workspaceOf(app: FastifyInstance, auth: AuthContext): Promise<Workspace> {
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
    // The client shows its maintenance page on this 503; every other call keeps working.
    if (app.config.maintenance) {
      throw new HttpError(
        503,
        'maintenance',
        'Mailpulse is down for maintenance. Please try again in a little while.',
      );
    }
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
    // In a transaction, so the sign-out's audit entry commits with it.
    await db.transaction((tx) => revokeToken(tx, auth.workspaceId, auth.tokenHash));
    return { status: 204 };
  });
}
