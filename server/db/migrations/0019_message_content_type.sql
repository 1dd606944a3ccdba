-- The media type of a message's top-level Content-Type (`multipart/report`), lower-cased and
-- without its parameters: a delivery or read report (RFC 6522) is automated mail whether or not
-- the system that made it added Auto-Submitted (server/stats/fact-sql.ts). Messages stored
-- before this have none, as if they had no such header.
alter table messages add column content_type text;
