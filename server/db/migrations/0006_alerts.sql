-- The alert engine: which messages each alert has notified (once per alert, ever), when each
-- alert is next evaluated, the per-workspace webhook signing secret, and alert notifications in
-- the outbox the feedback relay already drains (one claim, backoff and lease path for both).

-- Set when the alert is created or resumed: messages that were already overdue then are
-- considered only if they arrived in the 7 days before it.
alter table alerts add column watching_since timestamptz not null default now();
alter table alerts add column next_evaluation_at timestamptz not null default '-infinity';
-- The process evaluating the alert, so two never evaluate it at once.
alter table alerts add column eval_lease_owner text;
alter table alerts add column eval_lease_expires_at timestamptz;
create index alerts_due_idx on alerts (next_evaluation_at) where is_active;

create table alert_notified (
  workspace_id integer not null,
  alert_id integer not null,
  mailbox_id integer not null,
  message_id bigint not null,
  notified_at timestamptz not null,
  primary key (workspace_id, alert_id, mailbox_id, message_id),
  foreign key (workspace_id, alert_id) references alerts (workspace_id, alert_id) on delete cascade,
  foreign key (workspace_id, mailbox_id, message_id)
    references messages (workspace_id, mailbox_id, message_id) on delete cascade
);

create table alert_webhook_secrets (
  workspace_id integer primary key references workspaces (workspace_id) on delete cascade,
  secret text not null,
  created_at timestamptz not null default now()
);

-- Alert rows carry their facts in `payload` and give up at `give_up_at` (failed_at set);
-- feedback and integration rows keep their columns and retry until delivered.
alter table outbound_requests drop constraint outbound_requests_kind_check;
alter table outbound_requests add constraint outbound_requests_kind_check
  check (kind in ('feedback', 'integration', 'alert_email', 'alert_webhook'));
alter table outbound_requests alter column email drop not null;
alter table outbound_requests alter column client drop not null;
alter table outbound_requests alter column role drop not null;
alter table outbound_requests alter column content drop not null;
alter table outbound_requests add column alert_id integer;
alter table outbound_requests add column payload jsonb;
alter table outbound_requests add column give_up_at timestamptz;
alter table outbound_requests add column failed_at timestamptz;
alter table outbound_requests add constraint outbound_requests_request_filled check (
  case when kind in ('feedback', 'integration')
       then email is not null and client is not null and role is not null and content is not null
       else alert_id is not null and payload is not null end);
drop index outbound_requests_pending_idx;
create index outbound_requests_pending_idx on outbound_requests (next_attempt_at)
  where delivered_at is null and failed_at is null;
