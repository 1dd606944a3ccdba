import { describe, expect, it } from 'vitest';
import {
  contractOperations,
  portalDocument,
  type ContractOperation,
  type JsonSchema,
} from '../../../server/contract/spec';
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
 * Every operation of the contract, read from the contract itself, in its body, path and query:
 * each string gets a NUL, each name an invisible-only value, each enum an unknown value, each
 * integer 2^31, 2^53, 1e308 and a negative number (where it has a minimum), each list one item
 * over its maxItems (a comma-separated `x-list` parameter too, and each of its items the values
 * of its kind), each query parameter a second value. Each answers 400 with a message naming the
 * field (or, for a browser navigation, the contract's 400 page) and leaves every row of the
 * workspace as it was.
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

/** The bad values for a value of this schema, built from a valid one. */
function valuesOf(schema: JsonSchema, valid: unknown): BadValue[] {
  const type = [schema.type].flat();
  if (type.includes('integer')) {
    const big = TOO_BIG.map((value) => ({ label: String(value), value, says: 'must be <=' }));
    const minimum = Number(schema.minimum);
    if (!(minimum >= 0)) return big;
    return [...big, { label: 'a negative number', value: -1, says: 'must be >=' }];
  }
  if (!type.includes('string')) return [];
  const text = typeof valid === 'string' && valid.length > 0 ? valid : 'x';
  const bad = [{ label: 'a NUL', value: `${text.slice(0, 1)}\u0000${text.slice(1)}`, says: 'NUL' }];
  if (Array.isArray(schema.enum)) {
    const says = 'must be equal to one of the allowed values';
    bad.push({ label: 'an unknown choice', value: 'no-such-choice', says });
  }
  if (schema.format === 'display-name') {
    const says = 'must contain a visible character';
    bad.push(...INVISIBLE_NAMES.map((value) => ({ label: 'no visible character', value, says })));
  } else if (schema.format !== undefined || schema.pattern !== undefined) {
    // An address, date, code or id: nothing invisible is one.
    bad.push({ label: 'no visible character', value: '\u200b', says: '' });
  }
  return bad;
}

const overMax = (max: number) => `must NOT have more than ${max} items`;

/** A comma-separated parameter: one item over its maximum, and each item's bad values. */
function commaListValues(list: { maxItems: number; items: JsonSchema }, valid: unknown) {
  const [first = ''] = String(valid).split(',');
  const value = Array.from({ length: list.maxItems + 1 }, () => first).join(',');
  return [
    { label: `${list.maxItems + 1} items`, value, says: overMax(list.maxItems) },
    ...valuesOf(list.items, first)
      .filter((bad) => bad.says !== 'NUL')
      .map((bad) => ({ ...bad, label: `an item: ${bad.label}`, value: String(bad.value) })),
  ];
}

function badValues(field: Field, valid: unknown): BadValue[] {
  const { schema } = field;
  const bad = field.kind === 'array' ? [] : valuesOf(schema, valid);
  if (field.kind === 'array') {
    const over = Number(schema.maxItems) + 1;
    const item: unknown = Array.isArray(valid) ? (valid as unknown[])[0] : undefined;
    const value = Array.from({ length: over }, () => item);
    bad.push({ label: `${over} items`, value, says: overMax(over - 1) });
  }
  const list = schema['x-list'] as { maxItems: number; items: JsonSchema } | undefined;
  if (list) bad.push(...commaListValues(list, valid));
  if (field.part === 'querystring' && field.path.length === 1 && field.kind !== 'array') {
    const value = [String(valid), String(valid)];
    bad.push({ label: 'twice', value, says: `must be ${field.kind}` });
  }
  return bad;
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

  it('gives every comma-separated parameter an x-list with its maxItems and items', () => {
    const parameters = Object.values(portalDocument.components.parameters ?? {}) as {
      name: string;
      description?: string;
      schema: JsonSchema;
    }[];
    const lists = parameters.filter((p) => p.description?.startsWith('Comma-separated'));
    expect(lists.length).toBeGreaterThan(0);
    const unchecked = lists.filter((p) => {
      const list = p.schema['x-list'] as { maxItems?: number; items?: JsonSchema } | undefined;
      return list?.maxItems === undefined || list.items === undefined;
    });
    expect(unchecked.map((p) => p.name)).toEqual([]);
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
