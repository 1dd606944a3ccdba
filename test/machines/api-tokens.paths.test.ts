import type { ApiToken, CreatedApiToken, NewApiToken } from '../../src/api/types';
import { describe } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiFailure } from '../../src/api/errors';
import { canCreateToken } from '../../src/machines/api-tokens/api-tokens.draft';
import {
  createApiTokensMachine,
  type ApiTokensEvent,
} from '../../src/machines/api-tokens/api-tokens.machine';
import { BI } from './support/api-tokens';
import { describePathTests, sendEvent, startWithStandIns, type Executors } from './support/paths';

const machine = createApiTokensMachine({} as ApiClient);

const CREATED: CreatedApiToken = { token: `mp_${'x'.repeat(43)}`, api_token: { ...BI, id: 2 } };
const refused = new ApiFailure({ kind: 'invalid', message: 'name: already taken' });

const executors = {
  RETRY: sendEvent,
  CREATE: sendEvent,
  CLOSE: sendEvent,
  EDIT: sendEvent,
  SAVE: sendEvent,
  COPY: sendEvent,
  REVOKE: sendEvent,
  CONFIRM: sendEvent,
} satisfies Executors<
  ReturnType<ReturnType<typeof startWithStandIns<typeof machine>>>['actor'],
  ApiTokensEvent
>;

const done = (id: string, output?: unknown) => ({
  type: `xstate.done.actor.${id}` as const,
  output,
});
const error = (id: string) => ({ type: `xstate.error.actor.${id}` as const, error: refused });

const events = [
  { type: 'RETRY' },
  { type: 'CREATE' },
  { type: 'CLOSE' },
  { type: 'EDIT', patch: { name: 'Looker' } },
  { type: 'EDIT', patch: { name: ' ' } },
  { type: 'SAVE' },
  { type: 'COPY' },
  { type: 'REVOKE', token: BI },
  { type: 'CONFIRM' },
  done('loadApiTokens', [BI]),
  error('loadApiTokens'),
  done('createApiToken', CREATED),
  error('createApiToken'),
  done('copyToken', undefined),
  error('copyToken'),
  done('revokeApiToken', undefined),
  error('revokeApiToken'),
] as const;

const label = (event: { type: string }) => {
  if ('patch' in event) return `${event.type} ${JSON.stringify(event.patch)}`;
  if ('token' in event) return `${event.type} ${(event.token as ApiToken).name}`;
  return event.type.replace(/^xstate\.(done|error)\.actor\./, '$1 ');
};

const start = (seed: ApiToken[] | null) =>
  startWithStandIns(
    (actors) =>
      machine.provide({
        actors: {
          loadApiTokens: actors.promise<ApiToken[]>('loadApiTokens'),
          createApiToken: actors.promise<CreatedApiToken, NewApiToken>('createApiToken'),
          revokeApiToken: actors.promise<void, { id: number }>('revokeApiToken'),
          copyToken: actors.promise<void, { token: string }>('copyToken'),
        },
        actions: { notifyRevoked: () => undefined, notifyRevokeFailed: () => undefined },
      }),
    { seed },
  );

const contextKey = (context: { draft: { name: string; expiresInDays: number } }) => ({
  draft: canCreateToken(context.draft),
});

describe('API tokens machine paths, loading first', () => {
  describePathTests({
    machine,
    input: { seed: null },
    events,
    label,
    contextKey,
    start: start(null),
    executors,
    unreachable: ['refreshing'],
  });
});

describe('API tokens machine paths, from the tokens loaded at sign-in', () => {
  describePathTests({
    machine,
    input: { seed: [BI] },
    events,
    label,
    contextKey,
    start: start([BI]),
    executors,
    unreachable: ['loading', 'failed'],
  });
});
