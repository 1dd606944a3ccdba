-- Sign-in: demo workspaces and their single-use sign-in codes.

-- A demo workspace's users get sign-in links printed at start while demo sign-in is on.
alter table workspaces add column is_demo boolean not null default false;

-- Only the code's SHA-256 is stored, as for session tokens. Global key: the code alone finds its
-- workspace and user, the way a verified email does for the providers.
create table demo_login_codes (
  code_hash text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
  workspace_id integer not null,
  user_id integer not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  foreign key (workspace_id, user_id) references users (workspace_id, user_id) on delete cascade
);
create index demo_login_codes_user_idx on demo_login_codes (workspace_id, user_id);
