import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { JsonSchema } from './spec';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

// A visible character: not a space, control, format (U+200B, U+FEFF…), mark, or other
// default-ignorable code point (the Hangul fillers), and not the blank braille pattern.
const VISIBLE = /[^\p{White_Space}\p{C}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** The items of a comma-separated parameter (`a@x.example,b@x.example`): trimmed, none empty. */
export const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

interface CommaListSchema {
  maxItems: number;
  items: JsonSchema;
}

/**
 * The contract's `x-list` on a comma-separated string parameter: at most `maxItems` items, each
 * valid against `items` (text coerced, as path and query values are), so `teams=2147483648`
 * is refused like any other integer over its maximum, naming `querystring/teams/0`.
 */
function addCommaLists(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'x-list',
    type: 'string',
    schemaType: 'object',
    errors: true,
    compile(schema: CommaListSchema) {
      const validateItem = ajv.compile(schema.items);
      const validate: SchemaValidateFunction = (
        data: string,
        context?: { instancePath: string },
      ) => {
        const path = context?.instancePath ?? '';
        const items = commaList(data);
        const errors: Partial<ErrorObject>[] = [];
        if (items.length > schema.maxItems) {
          const message = `must NOT have more than ${schema.maxItems} items`;
          errors.push({ instancePath: path, keyword: 'x-list', params: {}, message });
        }
        items.forEach((item, index) => {
          if (validateItem(item)) return;
          const itemPath = `${path}/${index}`;
          errors.push(
            ...(validateItem.errors ?? []).map((e) => ({ ...e, instancePath: itemPath })),
          );
        });
        validate.errors = errors as ErrorObject[];
        return errors.length === 0;
      };
      return validate;
    },
  });
}

function makeAjv(coerceTypes: boolean): Ajv {
  // All errors, so the message can name the most specific one (a field's wrong type rather
  // than another field's absence).
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, coerceTypes, allErrors: true });
  addFormats(ajv);
  // The contract's `format: display-name`: a name a person can see in a list.
  ajv.addFormat('display-name', (value: string) => VISIBLE.test(value));
  addCommaLists(ajv);
  return ajv;
}

// Bodies are JSON and must already have the right types; path and query values arrive as text.
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);
const replyAjv = makeAjv(false);

/** The first string holding a NUL, as an ajv error; PostgreSQL text cannot store U+0000. */
function nulError(value: unknown, path = ''): ErrorObject | null {
  if (typeof value === 'string') {
    if (!value.includes('\u0000')) return null;
    const message = 'must not contain a NUL character (U+0000)';
    return { instancePath: path, schemaPath: '#', keyword: 'noNul', params: {}, message };
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulError(key, path) ?? nulError(item, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

// The compilers below compile a route's schema when the route is first called, not when the
// server starts: compiling all of the contract's schemas was a third of a start's work, and most
// processes (a CLI command, a worker, a test's server) call few routes. contract.test.ts compiles
// every one.

/** The contract's rule for every request string, before its schema: no NUL anywhere. */
export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  let validate: ValidateFunction | undefined;
  const check = (...args: Parameters<ValidateFunction>) => {
    validate ??= (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
    const nul = nulError(args[0]);
    check.errors = nul ? [nul] : validate(...args) ? null : (validate.errors ?? []);
    return check.errors === null;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  // Fastify passes the parent object to a validator that has a schemaEnv, so ajv may coerce a
  // path or query value in place; every validator here is an ajv one.
  check.schemaEnv = true;
  return check;
};

class ReplyContractError extends Error {}

/** Replies are checked against the contract before they leave; a mismatch is a server bug (500). */
export const serializerCompiler: FastifySerializerCompiler<JsonSchema> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  let validate: ValidateFunction | undefined;
  return (data: unknown) => {
    validate ??= replyAjv.compile(schema);
    if (!validate(data)) {
      const detail = formatErrors(validate.errors ?? [], 'reply');
      throw new ReplyContractError(`${method} ${url} ${httpStatus}: ${detail}`);
    }
    return JSON.stringify(data);
  };
};

/** One readable sentence that names the offending field, e.g. `body/name must be string`. */
export function formatErrors(errors: readonly ErrorObject[], context: string): string {
  const concrete = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  const error = concrete.find((e) => e.instancePath !== '') ?? concrete[0] ?? errors[0];
  if (!error) return `${context} is not valid`;
  const where = `${context}${error.instancePath}`;
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return `${where}/${extra} is not an accepted field`;
  }
  if (error.keyword === 'format' && error.params.format === 'display-name') {
    return `${where} must contain a visible character`;
  }
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${where}/${missing} is required`;
  }
  return `${where} ${error.message ?? 'is not valid'}`;
}
