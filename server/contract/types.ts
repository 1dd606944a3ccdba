import type { components, operations } from '../../openapi/portal.gen';

/** Type helpers that read request and reply shapes for an operation out of the generated contract. */

export type OperationId = keyof operations;
type Op<O extends OperationId> = operations[O];

type JsonOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: { 'text/csv': infer B } }
    ? B
    : T extends { content: { 'text/html': infer B } }
      ? B
      : undefined;

export type BodyOf<O extends OperationId> =
  Op<O> extends { requestBody: infer R }
    ? JsonOf<R>
    : Op<O> extends { requestBody?: infer R }
      ? JsonOf<NonNullable<R>>
      : undefined;

/** The query object; one whose parameters are all optional (`query?:`) is still an object. */
type QueryPart<P> = P extends { query: infer Q }
  ? Q
  : P extends { query?: infer Q }
    ? Exclude<Q, undefined>
    : undefined;

export type QueryOf<O extends OperationId> = [QueryPart<Op<O>['parameters']>] extends [never]
  ? undefined
  : QueryPart<Op<O>['parameters']> extends undefined
    ? undefined
    : QueryPart<Op<O>['parameters']>;

export type ParamsOf<O extends OperationId> = Op<O>['parameters'] extends { path: infer P }
  ? P extends undefined
    ? undefined
    : P
  : undefined;

type SuccessStatus = 200 | 201 | 202 | 204;
type RedirectStatus = 302 | 303;

type ResultFor<O extends OperationId, S extends keyof Op<O>['responses']> = S extends RedirectStatus
  ? { status: S; location: string }
  : JsonOf<Op<O>['responses'][S]> extends undefined
    ? { status: S }
    : { status: S; body: JsonOf<Op<O>['responses'][S]> };

/**
 * What a handler returns: one of the operation's success statuses with its body when it has one,
 * or a redirect with its Location.
 */
export type ResultOf<O extends OperationId> = {
  [S in keyof Op<O>['responses'] & (SuccessStatus | RedirectStatus)]: ResultFor<O, S>;
}[keyof Op<O>['responses'] & (SuccessStatus | RedirectStatus)];

export type Schemas = components['schemas'];
