-- Sign-in codes: what the address bar carries after a sign-in instead of the session token
-- (issue 44). A code is good once, for 60 seconds; the app trades it by POST for the token, which
-- so never appears in a URL, a proxy's log or the browser's history. Only its SHA-256 is stored.
-- The key holds the workspace as every table's does; the unique hash alone finds the row, the way
-- a demo code does (docs/scale.md: the global sign-in lookups).
create table sign_in_codes (
  workspace_id integer not null,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  user_id integer not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (workspace_id, code_hash),
  foreign key (workspace_id, user_id) references users (workspace_id, user_id) on delete cascade
);
create unique index sign_in_codes_hash_idx on sign_in_codes (code_hash);
create index sign_in_codes_user_idx on sign_in_codes (workspace_id, user_id);
create index sign_in_codes_expires_idx on sign_in_codes (expires_at);

-- Sessions end after SESSION_IDLE_DAYS without use as well as at expires_at. last_used_at is
-- moved forward at most every few minutes (server/auth/authenticate.ts), not on every request.
alter table session_tokens add column last_used_at timestamptz not null default now();
