import type { FastifyInstance } from 'fastify';
import { route, type Access } from './route';
import { badRequest, notFound } from '../http/errors';
import { newApiToken } from '../auth/api-tokens';
import * as repo from '../repos/api-tokens';
import { reportChange } from '../audit/report';
import { apiTokenItemOf } from '../audit/targets-settings';

// Settings → API: admins create, list and revoke read-only API tokens (docs/statistics.md#api-
// tokens). The token is in the create reply only; the list shows its first characters. Both
// changes are audited; the token itself never reaches the log.

const ACCESS: Access = { roles: ['admin'], feature: 'api_tokens' };

export default function apiTokensRoutes(app: FastifyInstance) {
  route(app, 'listApiTokens', ACCESS, async ({ auth, db }) => ({
    status: 200,
    body: { tokens: await repo.listApiTokens(db, auth.workspaceId) },
  }));

  route(app, 'createApiToken', ACCESS, async ({ body, auth, db }) => {
    const { token, hash, prefix } = newApiToken();
    const name = body.name.trim();
    const now = app.sessions.now();
    const created = await db.transaction(async (tx) => {
      // Live tokens' names tell them apart in the list and the activity log.
      const same = await repo.findLiveApiTokenNamed(tx, auth.workspaceId, name, now);
      if (same) {
        throw badRequest(
          `name: a live API token is already named ${same.name}; choose another name.`,
        );
      }
      const saved = await repo.insertApiToken(tx, auth.workspaceId, {
        hash,
        prefix,
        name,
        scope: body.scope,
        createdBy: auth.email,
        expiresInDays: body.expires_in_days,
        now,
      });
      reportChange(tx, () => ({ before: [], after: [apiTokenItemOf(saved)] }));
      return saved;
    });
    return { status: 201, body: { token, api_token: created } };
  });

  route(app, 'revokeApiToken', ACCESS, async ({ params, auth, db }) => {
    await db.transaction(async (tx) => {
      // Read inside the transaction, so a refusal leaves no audit entry either.
      const before = await repo.findApiToken(tx, auth.workspaceId, params.id);
      if (!before) throw notFound(`No API token has the id ${params.id}.`);
      const after = await repo.revokeApiToken(tx, auth.workspaceId, params.id, app.sessions.now());
      reportChange(tx, () => ({
        before: [apiTokenItemOf(before)],
        after: [apiTokenItemOf(after!)],
      }));
    });
    return { status: 204 };
  });
}
