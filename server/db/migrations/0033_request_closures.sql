-- Requests closed by hand (docs/statistics.md, "Closed by hand"): from the dashboard's unreplied
-- list anyone who may see a request's mailbox marks it done. A closure names the request by its
-- first message in that mailbox (message ids stay across rebuilds; conversation keys do not) and
-- closes the customer's messages of that conversation and party from that message up to
-- `closed_at`: they stay received and unreplied and leave awaiting, the unreplied list and
-- alerts, as definition 5's closed requests. A later message of the party starts a new, open
-- request. Undo deletes the row.
create table request_closures (
  workspace_id integer not null,
  mailbox_id integer not null,
  message_id bigint not null,
  closed_by integer,
  closed_at timestamptz not null,
  primary key (workspace_id, mailbox_id, message_id),
  foreign key (workspace_id, mailbox_id, message_id)
    references messages (workspace_id, mailbox_id, message_id) on delete cascade,
  foreign key (workspace_id, closed_by)
    references users (workspace_id, user_id) on delete set null (closed_by)
);

-- Who closed a request and when, on the facts of the messages it closed and on the request.
alter table stats_message_facts add column closed_by integer,
  add column closed_at timestamptz;
alter table stats_requests add column closed_by integer,
  add column closed_at timestamptz;
