-- When a waiting message becomes overdue, so the alert engine can wake an alert at that instant
-- instead of finding it on its next periodic run: the inverse of stats_business_seconds.

-- The earliest instant t with stats_business_seconds(.., p_from, t) >= p_seconds: p_from itself
-- for no seconds, p_from plus the seconds with all_time hours, else the local day whose hours
-- (the day's start and end taken in that day's own offset, as stats_business_seconds does) bring
-- the running sum to p_seconds, at the point of that day's hours where the rest is used up.
-- Null when the hours do not reach p_seconds within the days looked at: as many whole weeks of
-- hours as the seconds need, plus three (the first, partial week, and a day shortened by each of
-- up to two daylight-saving changes), and never more than 400 days. The bound keeps one call a
-- few dozen rows for the gaps teams use; a gap beyond it (the contract allows 4,000 years) only
-- leaves its alert on the periodic runs. p_mailbox picks the hours as there (0: the company's).
create function stats_business_due(
  p_workspace integer, p_generation integer, p_mailbox integer,
  p_from timestamptz, p_seconds bigint
) returns timestamptz language sql stable as $$
  with h as (
    select s.mailbox_id, s.timezone, s.all_time from stats_hour_sets s
     where s.workspace_id = p_workspace and s.generation = p_generation
       and s.mailbox_id in (p_mailbox, 0)
     order by s.mailbox_id desc limit 1
  ), hours as (
    select dd.isodow, dd.start_time, dd.end_time,
           greatest(0, extract(epoch from dd.end_time - dd.start_time)) as day_seconds
      from h
      join stats_hour_days dd
        on dd.workspace_id = p_workspace and dd.generation = p_generation
       and dd.mailbox_id = h.mailbox_id
  ), horizon as (
    select least(400, 7 * (ceil(p_seconds / sum(day_seconds)) + 3))::int as days
      from hours having sum(day_seconds) > 0
  ), periods as (
    select greatest(p_from, (d.day + hr.start_time) at time zone h.timezone) as opens,
           (d.day + hr.end_time) at time zone h.timezone as closes
      from h
      cross join horizon
      cross join lateral generate_series(0, horizon.days) as g(i)
      cross join lateral (select (p_from at time zone h.timezone)::date + g.i as day) d
      join hours hr on hr.isodow = extract(isodow from d.day)
  ), reached as (
    select p.opens, extract(epoch from p.closes - p.opens) as seconds,
           sum(extract(epoch from p.closes - p.opens)) over (order by p.opens) as total
      from periods p
     where p.closes > p.opens
  )
  select case
    when p_seconds <= 0 then p_from
    when h.all_time then p_from + make_interval(secs => p_seconds)
    else (select r.opens + make_interval(secs => (p_seconds - (r.total - r.seconds))::double precision)
            from reached r where r.total >= p_seconds order by r.opens limit 1)
  end
  from (select 1) as one left join h on true
$$;
