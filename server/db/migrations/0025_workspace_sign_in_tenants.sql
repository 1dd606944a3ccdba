-- Whom a workspace trusts to vouch for its users' sign-in (docs/sign-in.md, issue 44).
-- microsoft_tenants: the Entra tenant ids (lower-case GUIDs) whose accounts may sign in and bind
-- to its users, besides the tenant of its mail:microsoft account; set by workspace:set.
-- google_workspace_domain: its domains run on Google Workspace, so a Google sign-in must carry
-- the hosted-domain claim `hd` of the address's domain.
alter table workspaces
  add column microsoft_tenants text[] not null default '{}'
    check (array_position(microsoft_tenants, null) is null),
  add column google_workspace_domain boolean not null default false;
