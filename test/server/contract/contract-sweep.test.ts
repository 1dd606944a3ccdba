import { describe, expect, it } from 'vitest';
import { contractOperations, type ContractOperation } from '../../../server/contract/spec';
import type { OperationId } from '../../../server/contract/types';
import { fieldName, fieldsOf, withValue, type Field } from '../support/contract-fields';
import {
  PLAUSIBLE,
  send,
  setUpSweep,
  snapshotWorkspace,
  type SweepRequest,
} from '../support/settings-sweep';

/**
 * Every operation of the contract, read from the contract itself: each string field gets a NUL,
 * each name an invisible-only value, each integer 2^31, 2^53 and 1e308, each list one item over
 * its maxItems. Each answers 400 with a message naming the field (or, for a browser navigation,
 * the contract's 400 page) and leaves every row of the workspace as it was.
 */

const { suite: t, fixture } = setUpSweep('contract-sweep');

interface BadValue {
  label: string;
  value: unknown;
  /** What the message says besides the field's name. */
  says: string;
}

const INVISIBLE_NAMES = ['\u200b', '\u200b\u200d\ufeff', ' \u3164 '];
const TOO_BIG = [2 ** 31, 2 ** 53, 1e308];

function badValues(field: Field, valid: unknown): BadValue[] {
  const { schema } = field;
  if (field.kind === 'string') {
    const text = typeof valid === 'string' && valid.length > 0 ? valid : 'x';
    const nul = { label: 'a NUL', value: `${text.slice(0, 1)}\u0000${text.slice(1)}`, says: 'NUL' };
    if (schema.format !== 'display-name') return [nul];
    const says = 'must contain a visible character';
    return [
      nul,
      ...INVISIBLE_NAMES.map((value) => ({ label: 'no visible character', value, says })),
    ];
  }
  if (field.kind === 'integer') {
    return TOO_BIG.map((value) => ({ label: String(value), value, says: 'must be <=' }));
  }
  const over = Number(schema.maxItems) + 1;
  const item: unknown = Array.isArray(valid) ? (valid as unknown[])[0] : undefined;
  const value = Array.from({ length: over }, () => item);
  return [{ label: `${over} items`, value, says: `must NOT have more than ${over - 1} items` }];
}

function valueAt(field: Field): unknown {
  const key = { body: 'body', params: 'params', querystring: 'query' } as const;
  let node: unknown = field.base[key[field.part]];
  for (const segment of field.path) node = (node as Record<string | number, unknown>)[segment];
  return node;
}

const plausible = (op: ContractOperation): SweepRequest | undefined =>
  PLAUSIBLE[op.operationId as OperationId]?.(fixture());

const withInput = [...contractOperations.values()].filter(
  (op) => op.body ?? op.params ?? op.querystring,
);

describe('the contract bounds every input', () => {
  it('gives every integer a maximum and every list a maxItems', () => {
    const unbounded = withInput.flatMap((op) =>
      fieldsOf(op, plausible(op))
        .filter((field) =>
          field.kind === 'integer'
            ? field.schema.maximum === undefined
            : field.kind === 'array' && field.schema.maxItems === undefined,
        )
        .map((field) => `${op.operationId} ${fieldName(field)}`),
    );
    expect(unbounded).toEqual([]);
  });
});

describe.each(withInput.map((op) => [`${op.method} ${op.path}`, op] as const))(
  '%s',
  (_name, op) => {
    it('refuses a bad value in every field with 400 naming it, and changes no row', async () => {
      const fx = fixture();
      const before = await snapshotWorkspace(t.db, fx.ws.workspaceId);
      for (const field of fieldsOf(op, plausible(op))) {
        for (const bad of badValues(field, valueAt(field))) {
          const label = `${fieldName(field)}: ${bad.label}`;
          const reply = await send(t, fx.ws.admin.token, op, withValue(field, bad.value));
          expect(reply.statusCode, `${label}: ${reply.body}`).toBe(400);
          if (String(reply.headers['content-type']).startsWith('text/html')) {
            expect(reply.body, label).toMatch(/<h1>[^<]+<\/h1>/);
          } else {
            const { message } = reply.json<{ message: string }>();
            expect(message, label).toContain(fieldName(field));
            expect(message, label).toContain(bad.says);
          }
          expect(await snapshotWorkspace(t.db, fx.ws.workspaceId), label).toEqual(before);
        }
      }
    });
  },
);
