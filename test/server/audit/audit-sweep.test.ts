import { describe, expect, it } from 'vitest';
import { contractOperations, type ContractOperation } from '../../../server/contract/spec';
import { describedOperation, describedOperationIds } from '../../../server/audit/operations';
import type { OperationId } from '../../../server/contract/types';
import { XSRF } from '../support/app';
import { auditRows } from '../support/audit';
import {
  plausibleRequest,
  seedSweepWorkspace,
  urlOf,
  type SweepFixture,
} from '../support/settings-sweep';
import { setUpTestApp } from '../support/suite';

/**
 * Every write operation of the contract, read from the contract: each is described in
 * server/audit/operations.ts (a new operation fails here until it is), and each described one,
 * called once with a plausible request, leaves exactly one audit entry naming the caller, the
 * operation and its target, with no secret of the request in it.
 */

const t = setUpTestApp('audit-sweep');

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const writes = [...contractOperations.values()].filter((op) => WRITES.has(op.method));
const FORM = 'application/x-www-form-urlencoded';

function call(op: ContractOperation, fx: SweepFixture) {
  const request = plausibleRequest(op, fx);
  const form = op.operationId === 'unsubscribe';
  return t.app.inject({
    method: op.method,
    url: urlOf(op, request),
    headers: {
      authorization: `Token ${fx.ws.admin.token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'user-agent': 'audit-sweep/1.0',
      ...(request.body === undefined ? {} : { 'content-type': form ? FORM : 'application/json' }),
    },
    ...(request.body === undefined
      ? {}
      : {
          payload: form
            ? new URLSearchParams(request.body as Record<string, string>).toString()
            : JSON.stringify(request.body),
        }),
  });
}

it('describes every write operation of the contract, audited or not and why', () => {
  const described = new Set(describedOperationIds());
  expect(writes.map((op) => op.operationId).filter((id) => !described.has(id))).toEqual([]);
});

const audited = writes.filter((op) => describedOperation(op.operationId as OperationId));

describe.each(audited.map((op) => [op.operationId, op] as const))('%s', (_id, op) => {
  it('leaves exactly one entry with the caller, the operation and its target, and no secret', async () => {
    const fx = await seedSweepWorkspace(t);
    const before = (await auditRows(t.db, fx.ws.workspaceId)).length;
    const reply = await call(op, fx);
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    // Removing a user also ends their sessions, each user's its own entry (audit-sessions.test.ts).
    const rows = (await auditRows(t.db, fx.ws.workspaceId))
      .slice(before)
      .filter((row) => row.operation !== 'revokeSessions');
    expect(rows).toHaveLength(1);
    const [entry] = rows;
    const description = describedOperation(op.operationId as OperationId);
    expect(entry).toMatchObject({
      actor_kind: 'user',
      actor_user_id: fx.ws.admin.userId,
      actor_name: fx.ws.admin.email,
      client_address: '127.0.0.1',
      user_agent: 'audit-sweep/1.0',
      operation: description?.operation ?? op.operationId,
      target_type: description?.target,
    });
    expect(entry?.target_id, 'target id').toBeTruthy();
    expect(entry?.target_name, 'target name').toBeTruthy();
    const text = JSON.stringify(entry);
    for (const secret of [fx.ws.admin.token, XSRF, fx.report.token]) {
      expect(text).not.toContain(secret);
    }
  });
});
