import type { ApiToken, CreatedApiToken, NewApiToken } from '../../src/api/types';
import { describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { createApiTokensMachine } from '../../src/machines/api-tokens/api-tokens.machine';
import {
  apiTokensView,
  createTokenView,
  shownTokenView,
} from '../../src/machines/api-tokens/api-tokens.view';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';
import { BI as SEEN } from './support/api-tokens';

// Path tests prove the states are reachable; these check what an admin notices in Settings →
// API: what Create sends and when it is disabled, the token shown once, the copy, and revoking.

const checks = transitionChecks();
const apiTokens = createApiTokensMachine(offlineClient);
const NOW = new Date('2026-12-01T10:00:00Z');

const BI: ApiToken = { ...SEEN, last_used_at: '2026-11-30T08:00:00.000Z' };
const OLD: ApiToken = { ...BI, id: 3, name: 'Old', expires_at: '2026-11-30T00:00:00.000Z' };
const SECRET = `mp_${'s'.repeat(43)}`;

interface Options {
  seed?: ApiToken[] | null;
  failCreate?: boolean;
  failCopy?: boolean;
  failRevoke?: boolean;
}

function start({ seed = null, failCreate, failCopy, failRevoke }: Options = {}) {
  const calls = {
    loads: 0,
    created: [] as NewApiToken[],
    copied: [] as string[],
    revoked: [] as number[],
    notices: [] as string[],
  };
  const machine = apiTokens.provide({
    actors: {
      loadApiTokens: fromPromise<ApiToken[]>(() => {
        calls.loads++;
        return Promise.resolve([BI, OLD]);
      }),
      createApiToken: fromPromise<CreatedApiToken, NewApiToken>(({ input }) => {
        calls.created.push(input);
        if (failCreate) {
          const message = 'name: a live API token is already named BI; choose another name.';
          return Promise.reject(new ApiFailure({ kind: 'invalid', message }));
        }
        const entry = { ...BI, id: 2, name: input.name, prefix: SECRET.slice(0, 9) };
        return Promise.resolve({ token: SECRET, api_token: entry });
      }),
      copyToken: fromPromise<void, { token: string }>(({ input }) => {
        calls.copied.push(input.token);
        return failCopy ? Promise.reject(new Error('denied')) : Promise.resolve();
      }),
      revokeApiToken: fromPromise<void, { id: number }>(({ input }) => {
        calls.revoked.push(input.id);
        if (failRevoke) return Promise.reject(new ApiFailure({ kind: 'network', message: 'x' }));
        return Promise.resolve();
      }),
    },
    actions: {
      notifyRevoked: () => void calls.notices.push('revoked'),
      notifyRevokeFailed: () => void calls.notices.push('revoke failed'),
    },
  });
  const actor = createActor(machine, { input: { seed } }).start();
  return { actor, calls };
}

type Started = ReturnType<typeof start>['actor'];
const idle = (actor: Started) => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
const rows = (actor: Started) =>
  apiTokensView(actor.getSnapshot(), NOW).rows.map((row) => [row.token.name, row.status]);

async function created(actor: Started) {
  await idle(actor);
  actor.send({ type: 'CREATE' });
  actor.send({ type: 'EDIT', patch: { name: '  Looker Studio ', expiresInDays: 30 } });
  actor.send({ type: 'SAVE' });
  await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
}

describe('API tokens: the list', () => {
  checks.it(
    apiTokens,
    ['isSeeded', 'assignTokens'],
    'shows the tokens loaded at sign-in at once, then the fresh list with expired ones marked',
    async () => {
      const { actor, calls } = start({ seed: [BI] });
      expect(apiTokensView(actor.getSnapshot(), NOW).status).toBe('ready');
      expect(rows(actor)).toEqual([['BI', 'active']]);
      await idle(actor);
      expect(calls.loads).toBe(1);
      expect(rows(actor)).toEqual([
        ['BI', 'active'],
        ['Old', 'expired'],
      ]);
    },
  );
});

describe('API tokens: creating', () => {
  checks.it(
    apiTokens,
    ['startCreating', 'editDraft', 'canCreate'],
    'keeps Create disabled for a name of spaces, and says why',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'CREATE' });
      actor.send({ type: 'EDIT', patch: { name: '   ' } });
      expect(createTokenView(actor.getSnapshot())).toMatchObject({
        canSave: false,
        problem: 'Give the token a name, such as the tool that will use it.',
      });
      actor.send({ type: 'SAVE' });
      expect(calls.created).toEqual([]);
    },
  );

  checks.it(
    apiTokens,
    ['canCreate', 'assignCreated'],
    'sends the trimmed name, the stats:read scope and the lifetime, then shows the token once',
    async () => {
      const { actor, calls } = start();
      await created(actor);
      expect(calls.created).toEqual([
        { name: 'Looker Studio', scope: 'stats:read', expires_in_days: 30 },
      ]);
      expect(shownTokenView(actor.getSnapshot())).toEqual({ token: SECRET, copy: 'waiting' });
      expect(rows(actor)[0]).toEqual(['Looker Studio', 'active']);
    },
  );

  checks.it(
    apiTokens,
    ['forgetCreated'],
    'forgets the token when its dialog closes: it is never shown again',
    async () => {
      const { actor } = start();
      await created(actor);
      actor.send({ type: 'CLOSE' });
      expect(actor.getSnapshot().context.created).toBeNull();
      expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(SECRET);
      actor.send({ type: 'CREATE' });
      expect(createTokenView(actor.getSnapshot()).draft.name).toBe('');
    },
  );

  checks.it(
    apiTokens,
    ['assignError', 'editDraft'],
    "keeps the dialog open with the server's sentence, cleared by the next edit",
    async () => {
      const { actor } = start({ failCreate: true });
      await idle(actor);
      actor.send({ type: 'CREATE' });
      actor.send({ type: 'EDIT', patch: { name: 'bi' } });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches({ ready: { creating: 'editing' } }));
      expect(createTokenView(actor.getSnapshot()).error).toBe(
        'name: a live API token is already named BI; choose another name.',
      );
      actor.send({ type: 'EDIT', patch: { name: 'BI 2' } });
      expect(createTokenView(actor.getSnapshot()).error).toBeNull();
    },
  );
});

describe('API tokens: copying', () => {
  checks.it(apiTokens, [], 'copies the token shown, and says so', async () => {
    const { actor, calls } = start();
    await created(actor);
    actor.send({ type: 'COPY' });
    await waitFor(actor, (s) => s.matches({ ready: { shown: 'copied' } }));
    expect(calls.copied).toEqual([SECRET]);
    expect(shownTokenView(actor.getSnapshot()).copy).toBe('copied');
  });

  checks.it(apiTokens, [], 'asks to copy by hand when the browser refuses', async () => {
    const { actor } = start({ failCopy: true });
    await created(actor);
    actor.send({ type: 'COPY' });
    await waitFor(actor, (s) => s.matches({ ready: { shown: 'copyFailed' } }));
    expect(shownTokenView(actor.getSnapshot())).toEqual({ token: SECRET, copy: 'failed' });
  });
});

describe('API tokens: revoking', () => {
  checks.it(
    apiTokens,
    ['assignRevoking', 'markRevoked', 'notifyRevoked'],
    'asks first, then marks the token revoked once the server revoked it',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'REVOKE', token: BI });
      expect(apiTokensView(actor.getSnapshot(), NOW)).toMatchObject({
        confirming: true,
        revoking: BI,
      });
      expect(calls.revoked).toEqual([]);
      actor.send({ type: 'CONFIRM' });
      await idle(actor);
      expect(calls.revoked).toEqual([1]);
      expect(rows(actor)[0]).toEqual(['BI', 'revoked']);
      expect(calls.notices).toEqual(['revoked']);
    },
  );

  checks.it(
    apiTokens,
    ['clearRevoking'],
    'revokes nothing when the confirmation is cancelled',
    async () => {
      const { actor, calls } = start();
      await idle(actor);
      actor.send({ type: 'REVOKE', token: BI });
      actor.send({ type: 'CLOSE' });
      expect(apiTokensView(actor.getSnapshot(), NOW).confirming).toBe(false);
      expect(calls.revoked).toEqual([]);
      expect(rows(actor)[0]).toEqual(['BI', 'active']);
    },
  );

  checks.it(
    apiTokens,
    ['clearRevoking', 'notifyRevokeFailed'],
    'keeps the token active and says so when the revocation fails',
    async () => {
      const { actor, calls } = start({ failRevoke: true });
      await idle(actor);
      actor.send({ type: 'REVOKE', token: BI });
      actor.send({ type: 'CONFIRM' });
      await idle(actor);
      expect(rows(actor)[0]).toEqual(['BI', 'active']);
      expect(calls.notices).toEqual(['revoke failed']);
    },
  );
});

checks.keep();
