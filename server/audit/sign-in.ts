import type { Queryable } from '../db/types';
import { workspacesOfDomain } from '../repos/audit-targets';
import { appendEntry } from './append';
import type { Client } from './entry';

// Sign-ins in the audit log: each success in the user's workspace, in the transaction that
// issues the session; each refusal of a known address in its workspace, or in the workspaces
// that allow its domain when no user has it. A refusal before the provider named anyone (a
// replayed or forged return) has no workspace and is only logged.

/**
 * How the user signed in: `google-oauth2`, `microsoft-graph`, `oidc` (the company's provider),
 * `demo` or `link` (user:link).
 */
export interface SignInAttempt {
  provider: string;
  client: Client;
}

export async function recordSignIn(
  tx: Queryable,
  attempt: SignInAttempt,
  user: { workspaceId: number; userId: number; email: string },
): Promise<void> {
  await appendEntry(tx, {
    workspaceId: user.workspaceId,
    actor: { kind: 'user', userId: user.userId, name: user.email },
    client: attempt.client,
    operation: 'signIn',
    target: { type: 'session', id: String(user.userId), name: user.email },
    before: {},
    after: { provider: attempt.provider },
  });
}

/** Why, and for a Microsoft account the tenant it came from (`tenant_id`). */
type Refusal = { reason: string; tenant_id?: string };

export async function recordRefusedSignIn(
  tx: Queryable,
  attempt: SignInAttempt,
  email: string,
  refusal: Refusal,
  user: { workspaceId: number; userId: number } | null,
): Promise<void> {
  const workspaces = user ? [user.workspaceId] : await workspacesOfDomain(tx, email);
  for (const workspaceId of workspaces) {
    await appendEntry(tx, {
      workspaceId,
      actor: { kind: 'user', userId: user?.userId ?? null, name: email },
      client: attempt.client,
      operation: 'signInRefused',
      target: { type: 'session', id: user ? String(user.userId) : null, name: email },
      before: {},
      after: { provider: attempt.provider, ...refusal },
    });
  }
}
