import type { Tx } from '../db/types';
import { parseMessageIds } from './addresses';
import type { SyncedMessage } from './connector';
import type { StoreTarget } from './store';

// A folder read again after its UIDVALIDITY changed brings back messages already stored under
// their old UIDs. What is stored stays; the copies under new UIDs are dropped, recognised by the
// same Message-ID in the same folder under another provider id. Only IMAP messages (no provider
// thread key) are checked: Gmail and Graph ids survive a resync.

export async function withoutResyncedCopies(
  tx: Tx,
  target: StoreTarget,
  messages: readonly SyncedMessage[],
): Promise<readonly SyncedMessage[]> {
  const candidates = messages.flatMap((message) => {
    const headerId = parseMessageIds(message.headers.messageId)[0];
    return message.threadKey === null && message.folder !== null && headerId
      ? [{ provider_id: message.providerId, folder: message.folder, header_id: headerId }]
      : [];
  });
  if (candidates.length === 0) return messages;
  const copies = await tx.query<{ provider_id: string }>(
    `select c.provider_id
       from jsonb_to_recordset($3::jsonb) as c(provider_id text, folder text, header_id text)
      where exists (
        select 1 from messages m
         where m.workspace_id = $1 and m.mailbox_id = $2 and m.message_id_header = c.header_id
           and m.folder = c.folder and m.provider_id <> c.provider_id)
        and not exists (
        select 1 from messages m
         where m.workspace_id = $1 and m.mailbox_id = $2 and m.provider_id = c.provider_id)`,
    [target.workspaceId, target.mailboxId, JSON.stringify(candidates)],
  );
  if (copies.length === 0) return messages;
  const dropped = new Set(copies.map((row) => row.provider_id));
  return messages.filter((message) => !dropped.has(message.providerId));
}
