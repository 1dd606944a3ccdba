import type { ApiToken } from '@/api/types';
import type { SnapshotFrom } from 'xstate';
import { canCreateToken, EXPIRY_CHOICES, nameProblem } from './api-tokens.draft';
import type { ApiTokensMachine } from './api-tokens.machine';

// What Settings → API shows of a snapshot of the API tokens machine.

type Snapshot = SnapshotFrom<ApiTokensMachine>;

type TokenStatus = 'active' | 'expired' | 'revoked';

/** A row of the list: the token and whether it still works at `now`. */
export interface TokenRow {
  token: ApiToken;
  status: TokenStatus;
}

const statusOf = (token: ApiToken, now: Date): TokenStatus => {
  if (token.revoked_at !== null) return 'revoked';
  return new Date(token.expires_at) <= now ? 'expired' : 'active';
};

/** The tab: its load state, the rows, and which dialog is open. */
export const apiTokensView = (snapshot: Snapshot, now: Date) => ({
  status:
    snapshot.matches('loading') || snapshot.matches('start')
      ? ('loading' as const)
      : snapshot.matches('failed')
        ? ('failed' as const)
        : ('ready' as const),
  rows: snapshot.context.tokens.map((token): TokenRow => ({ token, status: statusOf(token, now) })),
  creating: snapshot.matches({ ready: 'creating' }),
  shown: snapshot.matches({ ready: 'shown' }),
  confirming:
    snapshot.matches({ ready: 'confirmingRevoke' }) || snapshot.matches({ ready: 'revoking' }),
  revoking: snapshot.context.revoking,
  revokeBusy: snapshot.matches({ ready: 'revoking' }),
});

/** The create dialog: the form, what keeps Create disabled, and the server's refusal. */
export const createTokenView = (snapshot: Snapshot) => ({
  draft: snapshot.context.draft,
  expiryChoices: EXPIRY_CHOICES,
  problem: nameProblem(snapshot.context.draft),
  canSave:
    snapshot.matches({ ready: { creating: 'editing' } }) && canCreateToken(snapshot.context.draft),
  saving: snapshot.hasTag('saving'),
  error: snapshot.context.error,
});

/** The one showing of a new token, and how its copy went. */
export const shownTokenView = (snapshot: Snapshot) => ({
  token: snapshot.context.created ?? '',
  copy: snapshot.matches({ ready: { shown: 'copied' } })
    ? ('copied' as const)
    : snapshot.matches({ ready: { shown: 'copyFailed' } })
      ? ('failed' as const)
      : snapshot.matches({ ready: { shown: 'copying' } })
        ? ('copying' as const)
        : ('waiting' as const),
});
