import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { MissingQuery, StoredCopy, StoredMail } from './connector';

// What a connector may ask of the store while it syncs a mailbox (outside any transaction; the
// sync lease makes the sync the mailbox's only writer): which stored IMAP copies are no longer in
// their folder, and which messages of a batch are stored and still counted (by Message-ID; or by
// provider id, for their Message-IDs). Set-based: the folder's UIDs go in as one multirange, a
// batch's ids as one array; only the answer comes out.

/** Inclusive UID ranges as a PostgreSQL int8multirange literal (`{[1,5],[7,7]}`). */
const multirange = (ranges: MissingQuery['present']) =>
  `{${ranges.map(([low, high]) => `[${low},${high}]`).join(',')}}`;

export function storedMail(
  db: Queryable,
  mailbox: { workspaceId: number; mailboxId: number },
): StoredMail {
  return {
    async missing(query) {
      const { prefix, upTo, after, limit } = query;
      // The UID is what follows the prefix; the CASE keeps a folder named like `INBOX:7` (whose
      // ids also start with `INBOX:7:`) from reaching the cast.
      const rows = await db.query<{ uid: string; provider_id: string; message_id_header: string }>(
        sql`select uid, provider_id, message_id_header from (
              select provider_id, message_id_header,
                     case when substr(provider_id, char_length(${prefix}::text) + 1) ~ '^[0-9]{1,15}$'
                          then substr(provider_id, char_length(${prefix}::text) + 1)::bigint end as uid
                from messages
               where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
                 and set_aside is null and message_id_header is not null
                 and left(provider_id, char_length(${prefix}::text)) = ${prefix}::text
            ) m
            where uid is not null and uid <= ${upTo} and uid > ${after}
              and not uid <@ ${multirange(query.present)}::int8multirange
            order by uid limit ${limit}`,
      );
      return rows.map((row): StoredCopy => ({
        uid: Number(row.uid),
        providerId: row.provider_id,
        messageId: row.message_id_header,
      }));
    },
    async counted(messageIds) {
      if (messageIds.length === 0) return [];
      const rows = await db.query<{ message_id_header: string }>(
        sql`select message_id_header from messages
             where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
               and message_id_header = any(${[...messageIds]}::text[]) and set_aside is null`,
      );
      return rows.map((row) => row.message_id_header);
    },
    async messageIdsOf(providerIds) {
      if (providerIds.length === 0) return new Map();
      const rows = await db.query<{ provider_id: string; message_id_header: string }>(
        sql`select provider_id, message_id_header from messages
             where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
               and provider_id = any(${[...providerIds]}::text[]) and set_aside is null
               and message_id_header is not null`,
      );
      return new Map(rows.map((row) => [row.provider_id, row.message_id_header]));
    },
  };
}
