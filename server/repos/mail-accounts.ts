import { sql } from '../db/sql';
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
    sql`select provider, settings, secret from mail_accounts where workspace_id = ${workspaceId}`,
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
    sql`insert into mail_accounts (workspace_id, provider, settings, secret)
     values (${workspaceId}, ${account.provider}, ${JSON.stringify(account.settings)}::jsonb,
             ${account.secret})
     on conflict (workspace_id) do update
       set provider = excluded.provider, settings = excluded.settings,
           secret = excluded.secret, updated_at = now()
     returning (xmax <> 0) as replaced`,
  );
  return row?.replaced ?? false;
}
