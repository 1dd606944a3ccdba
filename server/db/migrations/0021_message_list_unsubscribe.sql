-- Whether a message carries List-Unsubscribe (RFC 2369): mail sent to a list of recipients, such
-- as a newsletter, which bulk senders must now add (RFC 8058) where many add no List-Id. The
-- statistics count it as automated (server/stats/fact-sql.ts). Only its presence is kept: its
-- links are of no use here. Null for messages stored before this; `mail:sync --again` reads them
-- again.
alter table messages add column list_unsubscribe boolean;
