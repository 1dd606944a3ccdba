import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runtimeFiles } from '../runtime-files';

/** The contract, loaded once; the server validates requests and replies against it. */

export type JsonSchema = Record<string, unknown>;

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OperationObject {
  operationId: string;
  security?: unknown[];
  parameters?: ParameterObject[];
  /** JSON, or a form (the one-click unsubscribe): every type of one body has the same schema. */
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
}

export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  /** The same path in Fastify's notation (`:id` for `{id}`). */
  url: string;
  public: boolean;
  /** The scopes an API token needs for it (`ApiToken` in its `security`); none: tokens are refused. */
  apiTokenScopes: readonly string[];
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

// Built, the contract is JSON (scripts/server-bundle.ts): parsing the YAML cost every start of
// the server, the worker and the CLI a fifth of a second of CPU.
const contractText = readFileSync(runtimeFiles.contract, 'utf8');
export const portalDocument = (
  runtimeFiles.contract.endsWith('.json') ? JSON.parse(contractText) : parse(contractText)
) as {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
};

/** Inlines every local `$ref`, so that each route's schema stands alone for the validator. */
function deref(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(deref);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const ref = record.$ref;
  if (typeof ref === 'string') {
    const [, section, name] = /^#\/components\/(\w+)\/(\w+)$/.exec(ref) ?? [];
    const target = section && name ? portalDocument.components[section]?.[name] : undefined;
    if (target === undefined) throw new Error(`Unresolved $ref ${ref} in the contract`);
    return deref(target);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, deref(v)]));
}

function parametersSchema(params: ParameterObject[], where: 'path' | 'query') {
  const own = params.filter((p) => p.in === where);
  if (own.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema])),
    required: own.filter((p) => p.required).map((p) => p.name),
  };
}

/** The scopes of the `ApiToken` requirement in an operation's `security`, if it lists one. */
function apiTokenScopes(security: unknown[] | undefined): string[] {
  const requirement = (security ?? []).find(
    (item): item is { ApiToken: string[] } =>
      typeof item === 'object' && item !== null && 'ApiToken' in item,
  );
  return requirement?.ApiToken ?? [];
}

const METHODS = ['get', 'post', 'patch', 'delete', 'put'] as const;

function buildOperations(): Map<string, ContractOperation> {
  const operations = new Map<string, ContractOperation>();
  for (const [path, item] of Object.entries(portalDocument.paths)) {
    const shared = (deref(item.parameters ?? []) as ParameterObject[]) ?? [];
    for (const method of METHODS) {
      if (!item[method]) continue;
      const op = deref(item[method]) as OperationObject;
      const params = [...shared, ...(op.parameters ?? [])];
      const responses: Record<string, JsonSchema> = {};
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) responses[status] = schema;
      }
      operations.set(op.operationId, {
        operationId: op.operationId,
        method: method.toUpperCase() as ContractOperation['method'],
        path,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        public: Array.isArray(op.security) && op.security.length === 0,
        apiTokenScopes: apiTokenScopes(op.security),
        body: op.requestBody && Object.values(op.requestBody.content)[0]?.schema,
        querystring: parametersSchema(params, 'query'),
        params: parametersSchema(params, 'path'),
        responses,
      });
    }
  }
  return operations;
}

export const contractOperations = buildOperations();
