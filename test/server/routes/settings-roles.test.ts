import { describe, expect, it } from 'vitest';
import {
  plausibleRequest,
  send,
  setUpSweep,
  snapshotWorkspace,
  sweptOperations,
} from '../support/settings-sweep';

/**
 * Only admins reach settings and alerts: every such operation of the contract, called by a manager
 * and by a viewer with a valid XSRF pair and a plausible request, answers 403 and changes nothing.
 * The operations come from the contract, so a new path is walked without editing this file.
 */

const { suite: t, fixture } = setUpSweep('roles');

describe.each(sweptOperations.map((op) => [`${op.method} ${op.path}`, op] as const))(
  '%s',
  (_name, op) => {
    it('refuses a manager and a viewer with 403 and changes no row', async () => {
      const fx = fixture();
      const before = await snapshotWorkspace(t.db, fx.ws.workspaceId);
      for (const session of [fx.ws.manager, fx.ws.viewer]) {
        const reply = await send(t, session.token, op, plausibleRequest(op, fx));
        expect(reply.statusCode, `${session.email}: ${reply.body}`).toBe(403);
        expect(reply.json()).toEqual({
          error: 'forbidden',
          message: 'Your role does not allow this.',
        });
      }
      expect(await snapshotWorkspace(t.db, fx.ws.workspaceId)).toEqual(before);
    });
  },
);

it('lets the admin make the same plausible reads, so the refusals above are about the role', async () => {
  const fx = fixture();
  for (const op of sweptOperations.filter((candidate) => candidate.method === 'GET')) {
    const reply = await send(t, fx.ws.admin.token, op, plausibleRequest(op, fx));
    expect(reply.statusCode, `${op.operationId}: ${reply.body}`).toBe(200);
  }
});
