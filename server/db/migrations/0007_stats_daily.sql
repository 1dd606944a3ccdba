-- Message counts per mailbox and company-timezone day of a generation, written with the facts
-- (rebuild and per-thread refresh): a summary over all history sums a few thousand rows instead
-- of scanning every message fact. Excluded messages are left out, as the figures leave them out.
create table stats_daily_counts (
  workspace_id integer not null,
  generation integer not null,
  mailbox_id integer not null,
  local_date date not null,
  received integer not null,
  sent integer not null,
  replied integer not null,
  unreplied integer not null,
  internal integer not null,
  automated integer not null,
  primary key (workspace_id, generation, local_date, mailbox_id)
);
