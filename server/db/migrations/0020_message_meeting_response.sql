-- Whether a message answers a meeting invitation (accepted, tentative, declined): a calendar's
-- notice that waits for no answer, so the statistics count it as automated (server/stats/
-- fact-sql.ts). Null where the provider does not say (Gmail's metadata) and for messages stored
-- before this; `mail:sync --again` reads them again.
alter table messages add column meeting_response boolean;
