-- Statistics data versions, for reusing figures while nothing they depend on has changed
-- (server/stats/result-cache.ts), and keys that all lead with workspace_id (docs/scale.md).

-- A counter per mailbox that each sync batch and each per-thread refresh of its facts bumps in its
-- own transaction (bumpDataVersion), so it changes exactly when their rows become visible.
-- Mailbox 0 counts changes to what figures read live: mailbox addresses, teams and their members,
-- contact groups and their contacts (the triggers below). A figure's key carries the sum of a
-- workspace's counters, which only grows. One row per mailbox, so workers syncing different
-- mailboxes of one workspace never wait for each other's row. No foreign key: a row may be
-- written while its workspace is being deleted (by the triggers, on cascade).
create table stats_data_versions (
  workspace_id integer not null,
  mailbox_id integer not null,
  version bigint not null default 0,
  primary key (workspace_id, mailbox_id)
);

create function stats_touch_live_tables() returns trigger language plpgsql as $$
declare
  ws integer;
begin
  if tg_op = 'DELETE' then ws := old.workspace_id; else ws := new.workspace_id; end if;
  insert into stats_data_versions as v (workspace_id, mailbox_id, version) values (ws, 0, 1)
  on conflict (workspace_id, mailbox_id) do update set version = v.version + 1;
  return null;
end $$;

-- A mailbox's sync status and progress change often and no figure reads them: only its address
-- and its removal count.
create trigger mailboxes_stats_version after update of email or delete on mailboxes
  for each row execute function stats_touch_live_tables();
create trigger teams_stats_version after insert or update or delete on teams
  for each row execute function stats_touch_live_tables();
create trigger team_members_stats_version after insert or update or delete on team_members
  for each row execute function stats_touch_live_tables();
create trigger contact_groups_stats_version after insert or update or delete on contact_groups
  for each row execute function stats_touch_live_tables();
create trigger contacts_stats_version after insert or update or delete on contacts
  for each row execute function stats_touch_live_tables();

-- Every key and reference of a workspace table leads with workspace_id, so the schema can be
-- distributed by workspace (docs/scale.md; test/server/db/keys-catalog.test.ts). A user's address
-- and Microsoft account are unique across workspaces, since sign-in finds the one workspace from
-- them: those two global lookups move out of users into tables of their own, written by a trigger
-- in the statement that changes the user. Their keys keep the names the indexes on users had.
drop index users_email_key;
drop index users_oidc_key;
create index users_email_idx on users (workspace_id, lower(email));

create table user_addresses (
  -- Lower-cased.
  email text not null,
  workspace_id integer not null,
  user_id integer not null,
  constraint users_email_key primary key (email),
  foreign key (workspace_id, user_id) references users (workspace_id, user_id) on delete cascade
);

create table user_identities (
  oidc_tenant_id text not null,
  oidc_object_id text not null,
  workspace_id integer not null,
  user_id integer not null,
  constraint users_oidc_key primary key (oidc_tenant_id, oidc_object_id),
  foreign key (workspace_id, user_id) references users (workspace_id, user_id) on delete cascade
);
create index user_identities_user_idx on user_identities (workspace_id, user_id);

insert into user_addresses (email, workspace_id, user_id)
select lower(email), workspace_id, user_id from users;
insert into user_identities (oidc_tenant_id, oidc_object_id, workspace_id, user_id)
select oidc_tenant_id, oidc_object_id, workspace_id, user_id from users
 where oidc_object_id is not null;

-- A taken address or account fails the statement that inserts or changes the user, naming
-- users_email_key or users_oidc_key as before.
create function users_keep_lookups() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from user_addresses where workspace_id = old.workspace_id and user_id = old.user_id;
    delete from user_identities where workspace_id = old.workspace_id and user_id = old.user_id;
  end if;
  insert into user_addresses (email, workspace_id, user_id)
  values (lower(new.email), new.workspace_id, new.user_id);
  if new.oidc_object_id is not null then
    insert into user_identities (oidc_tenant_id, oidc_object_id, workspace_id, user_id)
    values (new.oidc_tenant_id, new.oidc_object_id, new.workspace_id, new.user_id);
  end if;
  return null;
end $$;

create trigger users_lookups after insert or update of email, oidc_tenant_id, oidc_object_id
  on users for each row execute function users_keep_lookups();
