import type { FastifyInstance } from 'fastify';
import { route } from './route';
import { badRequest } from '../http/errors';
import { notifyQueued } from '../outbound/forwarder';
import { insertOutboundRequest, type NewOutboundRequest } from '../repos/outbound-requests';
import type { AuthContext } from '../auth/authenticate';
import type { Db } from '../db/types';

const MIN_CONTENT = 5;
/** Each is stored and forwarded to a webhook: 10 a minute per user of each kind. */
const PER_USER_PER_MINUTE = 10;

/** The text, trimmed; it must be longer than 5 characters. */
function contentOf(raw: string): string {
  const content = raw.trim();
  if (content.length <= MIN_CONTENT) {
    throw badRequest(
      `Please write a little more: the text must be longer than ${MIN_CONTENT} characters.`,
    );
  }
  return content;
}

/** Stores the request with the sender's email and role; the forwarder sends it in the background. */
async function queue(
  db: Db,
  auth: AuthContext,
  request: Omit<NewOutboundRequest, 'email' | 'role'>,
) {
  const id = await db.transaction((tx) =>
    insertOutboundRequest(tx, auth.workspaceId, { ...request, email: auth.email, role: auth.role }),
  );
  notifyQueued(db);
  return { status: 202 as const, body: { id, status: 'queued' as const } };
}

// Any signed-in user may send these; they belong to no feature.
export default function requestsRoutes(app: FastifyInstance) {
  route(
    app,
    'sendFeedback',
    {},
    async ({ body, auth, db }) =>
      queue(db, auth, {
        kind: 'feedback',
        content: contentOf(body.content),
        feedbackType: body.type,
      }),
    { perUserPerMinute: PER_USER_PER_MINUTE },
  );

  route(
    app,
    'requestIntegration',
    {},
    async ({ body, auth, db }) => {
      const integrationName = body.integration_name.trim();
      const integrationId = body.integration_id.trim();
      if (integrationName === '' || integrationId === '') {
        throw badRequest('Please choose the integration you are asking for.');
      }
      return queue(db, auth, {
        kind: 'integration',
        content: contentOf(body.content),
        integrationName,
        integrationId,
      });
    },
    { perUserPerMinute: PER_USER_PER_MINUTE },
  );
}
