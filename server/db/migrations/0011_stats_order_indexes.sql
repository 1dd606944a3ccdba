-- The summary reads each response-time percentile at its rank from an index in the order of the
-- time (server/stats/summary-sql.ts) instead of sorting every request of the range: answered
-- requests by business and by calendar seconds, all of them and the first of each thread. The
-- mailbox and date ride along, so the range and mailbox filters are checked in the index; the
-- first carries the other columns of the summary's counting pass over a long range, and the
-- waiting requests' index the mailbox, so counting awaiting threads reads no table rows.
create index stats_requests_business_idx
  on stats_requests (workspace_id, generation, business_seconds)
  include (mailbox_id, local_date, calendar_seconds, is_first_of_thread)
  where reply_at is not null;
create index stats_requests_calendar_idx
  on stats_requests (workspace_id, generation, calendar_seconds) include (mailbox_id, local_date)
  where reply_at is not null;
create index stats_requests_first_business_idx
  on stats_requests (workspace_id, generation, business_seconds) include (mailbox_id, local_date)
  where reply_at is not null and is_first_of_thread;
create index stats_requests_first_calendar_idx
  on stats_requests (workspace_id, generation, calendar_seconds) include (mailbox_id, local_date)
  where reply_at is not null and is_first_of_thread;
drop index stats_requests_waiting_idx;
create index stats_requests_waiting_idx
  on stats_requests (workspace_id, generation, last_local_date) include (mailbox_id)
  where reply_at is null;
