import type { ContractOperation, JsonSchema } from '../../../server/contract/spec';
import { accepts } from './bad-requests';
import type { SweepRequest } from './settings-sweep';

/**
 * The fields of an operation's input, read from its contract: every string, integer and array
 * in the body (each branch of an anyOf), the path and the query, with a request the contract
 * accepts that holds every one of them, so a bad value in one field is the only thing wrong.
 */

export type Part = 'body' | 'params' | 'querystring';
export type Segment = string | number;

export interface Field {
  part: Part;
  path: Segment[];
  schema: JsonSchema;
  kind: 'string' | 'integer' | 'array';
  /** A request the contract accepts, holding the field. */
  base: SweepRequest;
}

const typesOf = (schema: JsonSchema): string[] => {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
};

const STRING_SAMPLES: Record<string, string> = {
  email: 'someone@sweep.example',
  date: '2026-01-05',
  'date-time': '2026-01-05T10:00:00Z',
  uuid: '0b0e5d63-6a2c-4d4c-9a43-1c1f0f5a7e11',
};

/** A value the schema accepts, built from the schema alone (examples, enums, formats). */
export function sample(schema: JsonSchema): unknown {
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches?.[0]) return sample(branches[0]);
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string':
      return (
        STRING_SAMPLES[String(schema.format)] ?? 'Sample'.padEnd(Number(schema.minLength ?? 0), 'x')
      );
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () =>
        sample((schema.items ?? {}) as JsonSchema),
      );
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sample(properties[name] ?? {})]));
    }
    default:
      return null;
  }
}

/** The value with every optional property present and every array holding an item. */
function complete(schema: JsonSchema, value: unknown): unknown {
  const types = typesOf(schema);
  if (types.includes('object') && value !== null && typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        complete(property, record[name] ?? sample(property)),
      ]),
    );
  }
  if (types.includes('array') && Array.isArray(value)) {
    const items = (schema.items ?? {}) as JsonSchema;
    const list = value.length > 0 ? value : [sample(items)];
    return list.map((item) => complete(items, item));
  }
  return value;
}

/** Each string, integer and array under the schema, by path in the (completed) value. */
function leaves(schema: JsonSchema, value: unknown, path: Segment[] = []) {
  const found: { path: Segment[]; schema: JsonSchema; kind: Field['kind'] }[] = [];
  const types = typesOf(schema);
  if (types.includes('string')) found.push({ path, schema, kind: 'string' });
  if (types.includes('integer')) found.push({ path, schema, kind: 'integer' });
  if (types.includes('array') && Array.isArray(value)) {
    found.push({ path, schema, kind: 'array' });
    found.push(...leaves((schema.items ?? {}) as JsonSchema, value[0], [...path, 0]));
  }
  if (types.includes('object') && value !== null && typeof value === 'object') {
    for (const [name, property] of Object.entries(
      (schema.properties ?? {}) as Record<string, JsonSchema>,
    )) {
      found.push(...leaves(property, (value as Record<string, unknown>)[name], [...path, name]));
    }
  }
  return found;
}

const REQUEST_KEY = { body: 'body', params: 'params', querystring: 'query' } as const;

/** Every field of the operation, each with a complete request the contract accepts. */
export function fieldsOf(op: ContractOperation, plausible: SweepRequest | undefined): Field[] {
  const fields: Field[] = [];
  const parts: [Part, JsonSchema | undefined][] = [
    ['body', op.body],
    ['params', op.params],
    ['querystring', op.querystring],
  ];
  const base: SweepRequest = {
    params: (plausible?.params ?? complete(op.params ?? {}, sample(op.params ?? {}))) as never,
    query: (plausible?.query ??
      complete(op.querystring ?? {}, sample(op.querystring ?? {}))) as never,
    body: plausible?.body ?? (op.body ? sample(op.body) : undefined),
  };
  for (const [part, schema] of parts) {
    if (!schema) continue;
    // Each branch of a body's anyOf is swept with a body of that branch.
    const branches = part === 'body' ? ((schema.anyOf as JsonSchema[]) ?? [schema]) : [schema];
    for (const branch of branches) {
      const key = REQUEST_KEY[part];
      const own = accepts(branch, part, base[key]) ? base[key] : sample(branch);
      const value = complete(branch, own);
      const request = { ...base, [key]: value };
      if (!accepts(schema, part, value)) {
        throw new Error(`${op.operationId}: no ${part} the contract accepts; add a plausible one`);
      }
      for (const leaf of leaves(branch, value)) fields.push({ part, ...leaf, base: request });
    }
  }
  return fields;
}

/** A copy of the request with the value at the field's path replaced. */
export function withValue(field: Field, value: unknown): SweepRequest {
  const key = REQUEST_KEY[field.part];
  const root = structuredClone(field.base[key]) as Record<Segment, unknown>;
  if (field.path.length === 0) return { ...field.base, [key]: value };
  let node = root;
  for (const segment of field.path.slice(0, -1)) node = node[segment] as Record<Segment, unknown>;
  node[field.path.at(-1) ?? ''] = value;
  return { ...field.base, [key]: root };
}

/** How the server's message names the field: `body/emails/0`, `querystring/name`. */
export const fieldName = (field: Field) => [field.part, ...field.path].join('/');
