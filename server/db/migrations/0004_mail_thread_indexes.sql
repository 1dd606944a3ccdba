-- The store's merge of a late original into its replies' thread looks stored messages up by
-- In-Reply-To and References; without these every batch scanned the whole mailbox.
create index messages_in_reply_to_idx on messages (workspace_id, mailbox_id, in_reply_to)
  where in_reply_to is not null;
create index messages_references_idx on messages using gin (references_ids);
