-- The store's merge of a late original (server/mail/store-sql.ts) looks up each batch's
-- Message-IDs in the GIN index on References. With fastupdate (the default) new entries wait in
-- the index's pending list, which every search reads through from start to end, until a vacuum
-- or a 4 MB list moves them into the index. PGlite runs no autovacuum, so at 100,000 messages
-- each batch's lookup read a list of hundreds of pages (1.4 s instead of 1 ms). Entries go
-- straight into the index from now on, and what is pending moves there now.
alter index messages_references_idx set (fastupdate = off);
select gin_clean_pending_list('messages_references_idx'::regclass);
