-- The audit log: who changed what, when, from where (docs/audit.md).
--
-- One chain of entries per workspace. Each entry's hash is the SHA-256 of its canonical JSON,
-- which holds the previous entry's hash, so an edited or removed entry breaks the chain at that
-- point (`npm run cli -- audit:verify`). The server never updates or deletes an entry; only the
-- retention worker removes the oldest ones, and it moves the chain's anchor past them.

create table audit_entries (
  workspace_id integer not null references workspaces (workspace_id) on delete cascade,
  -- The entry's place in the workspace's chain: 1, 2, 3 … with no gaps.
  seq bigint not null check (seq > 0),
  at timestamptz not null,
  actor_kind text not null check (actor_kind in ('user', 'cli', 'system')),
  -- No reference: the entry outlives the user it names.
  actor_user_id integer,
  actor_name text not null,
  client_address text,
  user_agent text,
  operation text not null,
  target_type text not null,
  target_id text,
  target_name text,
  -- The changed fields only; secrets as "[secret]".
  before jsonb not null,
  after jsonb not null,
  prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  primary key (workspace_id, seq)
);

-- The page's filters by date, newest first.
create index audit_entries_at on audit_entries (workspace_id, at desc, seq desc);

-- Each workspace's chain: its last entry (appends lock this row, so concurrent writers of one
-- workspace take turns and never fork the chain) and its anchor, the last entry retention removed
-- (seq 0 and the genesis hash, 64 zeros, until then), where verification starts.
create table audit_chain_heads (
  workspace_id integer primary key references workspaces (workspace_id) on delete cascade,
  seq bigint not null check (seq >= 0),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  anchor_seq bigint not null default 0 check (anchor_seq >= 0 and anchor_seq <= seq),
  anchor_hash text not null default repeat('0', 64) check (anchor_hash ~ '^[0-9a-f]{64}$'),
  anchored_at timestamptz
);
