-- The native dashboard: Mailpulse's own figures, no BI platform needed. New workspaces start
-- on it; existing ones keep what they were set to (null still means "ready soon").
alter table dashboards drop constraint dashboards_platform_check;
alter table dashboards add constraint dashboards_platform_check
  check (platform in ('Superset', 'Looker Studio', 'Native'));
alter table dashboards alter column platform set default 'Native';
