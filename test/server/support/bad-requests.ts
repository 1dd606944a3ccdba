import type { ContractOperation, JsonSchema } from '../../../server/contract/spec';
import { validatorCompiler } from '../../../server/contract/validation';
import type { SweepRequest } from './settings-sweep';

/**
 * Bad requests derived from an operation's contract and one request it accepts: each differs from
 * that request in one way the contract refuses, so the 400 is about that one thing.
 */

export interface BadCase {
  label: string;
  request: SweepRequest;
  /** What the reply's message must contain. */
  says: string;
}

type Part = 'body' | 'params' | 'querystring';

/** Whether the server's own validator (the one the routes compile) accepts the value. */
export const accepts = (schema: JsonSchema, httpPart: Part, value: unknown) =>
  validatorCompiler({ schema, httpPart, method: 'POST', url: '/' })(value) === true;

/** A value the field's schema refuses: the first of several JSON types it does not accept. */
function refusedValue(schema: JsonSchema, part: Part): unknown {
  const candidates = part === 'body' ? [12345, 'text', true, {}, []] : ['not-an-email', '', ' '];
  const refused = candidates.find((value) => !accepts(schema, part, value));
  if (refused === undefined) throw new Error(`No refused value for ${JSON.stringify(schema)}`);
  return refused;
}

/** The object schema the plausible body matches (the matching branch of an anyOf). */
function objectSchema(schema: JsonSchema, body: unknown): JsonSchema {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  return branches?.find((branch) => accepts(branch, 'body', body)) ?? schema;
}

const omit = <T>(record: Record<string, T>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

export function bodyCases(op: ContractOperation, valid: SweepRequest): BadCase[] {
  if (!op.body) return [];
  const body = valid.body as Record<string, unknown>;
  const schema = objectSchema(op.body, body);
  const properties = schema.properties as Record<string, JsonSchema>;
  const [first] = schema.required as string[];
  if (!first) throw new Error(`${op.operationId}: the body has no required field`);
  const cases: BadCase[] = [
    { label: 'no body', request: { ...valid, body: undefined }, says: 'body' },
    { label: 'a list for a body', request: { ...valid, body: [body] }, says: 'body' },
    {
      label: `${first} of the wrong type`,
      request: {
        ...valid,
        body: { ...body, [first]: refusedValue(properties[first] ?? {}, 'body') },
      },
      says: `body/${first}`,
    },
    { label: `no ${first}`, request: { ...valid, body: omit(body, first) }, says: `body/${first}` },
  ];
  if (schema.additionalProperties === false) {
    cases.push({
      label: 'an unknown field',
      request: { ...valid, body: { ...body, unexpected: true } },
      says: 'body/unexpected is not an accepted field',
    });
  }
  return cases;
}

export function parameterCases(op: ContractOperation, valid: SweepRequest): BadCase[] {
  const cases: BadCase[] = [];
  const path = op.params?.properties as Record<string, JsonSchema> | undefined;
  for (const [name, schema] of Object.entries(path ?? {})) {
    const params = { ...valid.params, [name]: String(refusedValue(schema, 'params')) };
    cases.push({ label: `a bad ${name} in the path`, request: { ...valid, params }, says: name });
  }
  const query = op.querystring?.properties as Record<string, JsonSchema> | undefined;
  for (const [name, schema] of Object.entries(query ?? {})) {
    const refused = { ...valid.query, [name]: String(refusedValue(schema, 'querystring')) };
    cases.push({
      label: `a bad ${name} in the query`,
      request: { ...valid, query: refused },
      says: name,
    });
    cases.push({
      label: `no ${name} in the query`,
      request: { ...valid, query: omit(valid.query ?? {}, name) },
      says: name,
    });
  }
  return cases;
}
