import type { Queryable } from '../db/types';

// A workspace's mail account: which provider its mailboxes are read through, the settings that
// may be shown, and the sealed credential (server/mail/secrets.ts), never returned by any API.

type MailProviderName = 'imap' | 'google' | 'microsoft' | 'demo';

export interface MailAccount {
  provider: MailProviderName;
  settings: Record<string, unknown>;
  /** Sealed; null for the demo provider. */
  secret: string | null;
}

export async function getMailAccount(
  db: Queryable,
  workspaceId: number,
): Promise<MailAccount | null> {
  const [row] = await db.query<MailAccount>(
    `select provider, settings, secret from mail_accounts where workspace_id = $1`,
    [workspaceId],
  );
  return row ?? null;
}

/** Sets the workspace's account, replacing any earlier one; true when one was replaced. */
export async function saveMailAccount(
  db: Queryable,
  workspaceId: number,
  account: MailAccount,
): Promise<boolean> {
  const [row] = await db.query<{ replaced: boolean }>(
    `insert into mail_accounts (workspace_id, provider, settings, secret)
     values ($1, $2, $3::jsonb, $4)
     on conflict (workspace_id) do update
       set provider = excluded.provider, settings = excluded.settings,
           secret = excluded.secret, updated_at = now()
     returning (xmax <> 0) as replaced`,
    [workspaceId, account.provider, JSON.stringify(account.settings), account.secret],
  );
  return row?.replaced ?? false;
}
