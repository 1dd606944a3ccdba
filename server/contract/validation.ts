import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { JsonSchema } from './spec';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

function makeAjv(coerceTypes: boolean): Ajv {
  // All errors, so the message can name the most specific one (a field's wrong type rather
  // than another field's absence).
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, coerceTypes, allErrors: true });
  addFormats(ajv);
  return ajv;
}

// Bodies are JSON and must already have the right types; path and query values arrive as text.
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);
const replyAjv = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

export class ReplyContractError extends Error {}

/** Replies are checked against the contract before they leave; a mismatch is a server bug (500). */
export const serializerCompiler: FastifySerializerCompiler<JsonSchema> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  const validate: ValidateFunction = replyAjv.compile(schema);
  return (data) => {
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
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${where}/${missing} is required`;
  }
  return `${where} ${error.message ?? 'is not valid'}`;
}
