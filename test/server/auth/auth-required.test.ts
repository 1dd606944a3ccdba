import { describe, expect, it } from 'vitest';
import { contractOperations, type ContractOperation } from '../../../server/contract/spec';
import { client, createTestWorkspace } from '../support/app';
import { setUpTestWorkspace } from '../support/suite';

/** Every signed-in operation of the contract refuses a missing, expired or revoked token with 401. */

const t = setUpTestWorkspace('tokens.example');

const signedIn = [...contractOperations.values()].filter(
  (op) => !op.public && op.path.startsWith('/portal/'),
);

function urlOf(op: ContractOperation): string {
  return op.path.replace('{id}', '1').replace('{email}', 'viewer@tokens.example');
}

async function call(op: ContractOperation, token: string | undefined) {
  const api = client(t.app, token);
  const url = urlOf(op);
  switch (op.method) {
    case 'GET':
      return api.get(url);
    case 'PATCH':
      return api.patch(url, {});
    case 'DELETE':
      return api.delete(url, {});
    case 'PUT':
      return api.request('PUT', url);
    default:
      return api.post(url, {});
  }
}

describe('every signed-in operation', () => {
  it('is listed', () => {
    expect(signedIn.length).toBeGreaterThan(30);
  });

  it.each(signedIn.map((op) => [op.operationId, op] as const))(
    '%s answers 401 without a token',
    async (_id, op) => {
      const reply = await call(op, undefined);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({
        error: 'unauthorized',
        message: 'Sign in again: the token is missing, expired or revoked.',
      });
    },
  );

  it.each(signedIn.map((op) => [op.operationId, op] as const))(
    '%s answers 401 to an expired and to a revoked token',
    async (_id, op) => {
      const other = await createTestWorkspace(t.db, {
        domain: `t${op.operationId.toLowerCase()}.example`,
      });
      await t.db.query(
        `update session_tokens set expires_at = now() - interval '1 minute' where user_id = $1`,
        [other.admin.userId],
      );
      await t.db.query(`update session_tokens set revoked_at = now() where user_id = $1`, [
        other.manager.userId,
      ]);
      expect((await call(op, other.admin.token)).statusCode).toBe(401);
      expect((await call(op, other.manager.token)).statusCode).toBe(401);
    },
  );

  it('still answers a live token (the 401s above are about the token)', async () => {
    expect((await client(t.app, t.ws.admin.token).get('/portal/api/me/')).statusCode).toBe(200);
  });
});
