-- A mailbox that stops syncing is told to the workspace's admins (docs/operations.md#a-mailbox-that-stops-syncing):
-- when its current failure streak began (the sync worker's clock), and which streak its admins
-- were told of and when, so each event (failing, still failing a day later, recovered) is queued
-- once, in the statement that writes the outbox rows (server/sync-alerts/check-sql.ts).
alter table mailbox_sync add column failing_since timestamptz;
alter table mailbox_sync add column stale_told_streak timestamptz;
alter table mailbox_sync add column stale_told_at timestamptz;
-- A mailbox failing when this version is installed starts its streak now.
update mailbox_sync set failing_since = now() where attempts > 0 and last_error is not null;
create index mailbox_sync_failing_idx on mailbox_sync (failing_since)
  where failing_since is not null or stale_told_streak is not null;

-- The admins' emails in the outbox: the facts in `payload`, one row per admin and event.
alter table outbound_requests drop constraint outbound_requests_kind_check;
alter table outbound_requests add constraint outbound_requests_kind_check check (kind in (
  'feedback', 'integration', 'alert_email', 'alert_webhook', 'report_email', 'sync_alert_email'));
alter table outbound_requests drop constraint outbound_requests_request_filled;
alter table outbound_requests add constraint outbound_requests_request_filled check (
  case when kind in ('feedback', 'integration')
       then email is not null and client is not null and role is not null and content is not null
       when kind = 'report_email' then subscription_id is not null and payload is not null
       when kind = 'sync_alert_email' then payload is not null
       else alert_id is not null and payload is not null end);
