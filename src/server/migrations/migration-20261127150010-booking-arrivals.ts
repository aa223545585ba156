import { Migration } from '@mikro-orm/migrations';

/** The functions and triggers this migration added or changed, as they were written when it was made (the rest stand as earlier migrations left them). */
const FUNCTIONS = String.raw`
-- The holding stays by day (booking_days, booking-day.entity.ts): arrivals and their revenue on the
-- check-in day, departures on the check-out day, sharded by session as the admin counters are. A stay holds
-- its nights unless cancelled or declined. The dashboard sums these few rows per day instead of reading
-- every stay of its window (docs/features.md#dashboard-figures).
create or replace function booking_days_apply(days date[], arrs int[], deps int[], revs bigint[])
returns void language plpgsql as $$
  begin
    -- In one pass, as booking_arrivals_apply (below) does and for the same reason.
    with changed as (
      select day, sum(arr) as arr, sum(dep) as dep, sum(rev) as rev
        from unnest(days, arrs, deps, revs) as c(day, arr, dep, rev)
       group by day having sum(arr) <> 0 or sum(dep) <> 0 or sum(rev) <> 0
    ), updated as (
      update booking_days t set arrivals = t.arrivals + c.arr, departures = t.departures + c.dep, revenue = t.revenue + c.rev
        from changed c where t.day = c.day and t.shard = pg_backend_pid() % 256
      returning t.day
    )
    insert into booking_days (day, shard, arrivals, departures, revenue)
    select c.day, pg_backend_pid() % 256, c.arr, c.dep, c.rev from changed c
     where not exists (select 1 from updated u where u.day = c.day)
     order by c.day
    on conflict (day, shard) do update set arrivals = booking_days.arrivals + excluded.arrivals,
      departures = booking_days.departures + excluded.departures, revenue = booking_days.revenue + excluded.revenue;
  end $$;

-- The stays arriving on each day (booking_arrivals, booking-arrival.entity.ts), for the reports over every
-- home (docs/staff.md#reports-queries): by check-in day, source, status and length in nights, the stays and
-- their total, and how many fall in each lead-time bucket. Sharded by session as the admin counters are. The
-- buckets are the reports' own (reports.ts names them in this order); changing them means filling the
-- table again in a migration.
create or replace function booking_lead_bucket(lead int) returns int language sql immutable parallel safe as $$
  select case when lead <= 1 then 0 when lead <= 7 then 1 when lead <= 30 then 2 when lead <= 90 then 3 else 4 end
$$;

-- Applies a statement's changes to booking_arrivals in one pass: each change is a stay (its check-in day,
-- source, status, length and lead bucket) with n = 1 added or -1 removed. Set-based rather than one call
-- per group: a bulk statement touches thousands of groups, and a plan cached while the table was small
-- made each call scan it. Existing rows of this session's shard are updated, the rest inserted (the
-- upsert covers a row another statement inserted meanwhile), in key order.
create or replace function booking_arrivals_apply(days date[], sources text[], statuses text[], lens int[],
                                                  lbs int[], ns int[], totals bigint[])
returns void language plpgsql as $$
  begin
    with g as (
      select day, source, status, nights, sum(n) as stays, sum(n * total) as total,
             coalesce(sum(n) filter (where lb = 0), 0) as l0, coalesce(sum(n) filter (where lb = 1), 0) as l1,
             coalesce(sum(n) filter (where lb = 2), 0) as l2, coalesce(sum(n) filter (where lb = 3), 0) as l3,
             coalesce(sum(n) filter (where lb = 4), 0) as l4
        from unnest(days, sources, statuses, lens, lbs, ns, totals) as c(day, source, status, nights, lb, n, total)
       group by day, source, status, nights
    ), changed as (
      select * from g where stays <> 0 or total <> 0 or l0 <> 0 or l1 <> 0 or l2 <> 0 or l3 <> 0 or l4 <> 0
    ), updated as (
      update booking_arrivals t
         set stays = t.stays + c.stays, total = t.total + c.total, lead_0_1 = t.lead_0_1 + c.l0,
             lead_2_7 = t.lead_2_7 + c.l1, lead_8_30 = t.lead_8_30 + c.l2, lead_31_90 = t.lead_31_90 + c.l3,
             lead_91_up = t.lead_91_up + c.l4
        from changed c
       where t.day = c.day and t.source = c.source and t.status = c.status and t.nights = c.nights
         and t.shard = pg_backend_pid() % 256
      returning t.day, t.source, t.status, t.nights
    )
    insert into booking_arrivals (day, source, status, nights, shard, stays, total,
                                  lead_0_1, lead_2_7, lead_8_30, lead_31_90, lead_91_up)
    select c.day, c.source, c.status, c.nights, pg_backend_pid() % 256, c.stays, c.total, c.l0, c.l1, c.l2, c.l3, c.l4
      from changed c
     where not exists (select 1 from updated u
                        where u.day = c.day and u.source = c.source and u.status = c.status and u.nights = c.nights)
     order by c.day, c.source, c.status, c.nights
    on conflict (day, source, status, nights, shard) do update
      set stays = booking_arrivals.stays + excluded.stays, total = booking_arrivals.total + excluded.total,
          lead_0_1 = booking_arrivals.lead_0_1 + excluded.lead_0_1,
          lead_2_7 = booking_arrivals.lead_2_7 + excluded.lead_2_7,
          lead_8_30 = booking_arrivals.lead_8_30 + excluded.lead_8_30,
          lead_31_90 = booking_arrivals.lead_31_90 + excluded.lead_31_90,
          lead_91_up = booking_arrivals.lead_91_up + excluded.lead_91_up;
  end $$;

-- Statement triggers read the transition tables and make one call per counter a statement changes, and one
-- set-based call for the day tables, so a bulk insert adds its totals once rather than once per row.
-- PL/pgSQL plans each branch when it first runs, so a branch names only the tables its event has.
create or replace function bookings_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('bookings:' || status, count(*), sum(total_price)) from new_rows group by status;
    perform booking_days_apply(array_agg(day), array_agg(arr), array_agg(dep), array_agg(rev::bigint))
       from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from new_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, 1, 0 from new_rows where status not in ('cancelled', 'declined')) d;
    perform booking_arrivals_apply(array_agg(check_in), array_agg(source), array_agg(status),
                                   array_agg(check_out - check_in), array_agg(booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date)),
                                   array_agg(1), array_agg(total_price::bigint)) from new_rows;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('bookings:' || status, -count(*), -sum(total_price)) from old_rows group by status;
    perform booking_days_apply(array_agg(day), array_agg(arr), array_agg(dep), array_agg(rev::bigint))
       from (select check_in as day, -1 as arr, 0 as dep, -total_price as rev from old_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, -1, 0 from old_rows where status not in ('cancelled', 'declined')) d;
    perform booking_arrivals_apply(array_agg(check_in), array_agg(source), array_agg(status),
                                   array_agg(check_out - check_in), array_agg(booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date)),
                                   array_agg(-1), array_agg(total_price::bigint)) from old_rows;
  else
    perform admin_counter_add('bookings:' || status, sum(dn), sum(damount))
       from (select status, 1 as dn, total_price as damount from new_rows
             union all select status, -1, -total_price from old_rows) d
      group by status having sum(dn) <> 0 or sum(damount) <> 0;
    perform booking_days_apply(array_agg(day), array_agg(arr), array_agg(dep), array_agg(rev::bigint))
       from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from new_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, 1, 0 from new_rows where status not in ('cancelled', 'declined')
             union all select check_in, -1, 0, -total_price from old_rows where status not in ('cancelled', 'declined')
             union all select check_out, 0, -1, 0 from old_rows where status not in ('cancelled', 'declined')) d;
    perform booking_arrivals_apply(array_agg(check_in), array_agg(source), array_agg(status),
                                   array_agg(check_out - check_in), array_agg(booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date)),
                                   array_agg(n), array_agg(total_price::bigint))
       from (select *, 1 as n from new_rows union all select *, -1 from old_rows) c;
  end if;
  return null;
end $$;

create or replace function booking_arrivals_truncated() returns trigger language plpgsql as $$
begin
  delete from booking_arrivals;
  return null;
end $$;

create or replace trigger booking_arrivals_truncate after truncate on bookings
  for each statement execute function booking_arrivals_truncated();

-- booking_days_apply replaced the per-day calls: the old function goes.
drop function if exists booking_day_add(date, bigint, bigint, bigint);
`;

export class Migration20261127150010_booking_arrivals extends Migration {

  override name = 'Migration20261127150010_booking_arrivals';

  /**
   * The stays arriving by day, source, status and length (booking-arrival.entity.ts), kept by the bookings'
   * statement triggers from now on (above) and filled here from the bookings there are, in one
   * shard. Bookings are locked against writes until this commits, so none is written between the fill and
   * the triggers. The reports no longer group every stay by lead time and length, so the statistics that
   * told the planner how few such groups there are go.
   */
  override up(): void | Promise<void> {
    this.addSql(`lock table "bookings" in share mode;`);
    this.addSql(`create table "booking_arrivals" ("day" date not null, "source" varchar(20) not null, "status" varchar(20) not null, "nights" int not null, "shard" int not null, "stays" int not null default 0, "total" bigint not null default 0, "lead_0_1" int not null default 0, "lead_2_7" int not null default 0, "lead_8_30" int not null default 0, "lead_31_90" int not null default 0, "lead_91_up" int not null default 0, constraint "booking_arrivals_pkey" primary key ("day", "source", "status", "nights", "shard"));`);
    this.addSql(FUNCTIONS);
    this.addSql(`insert into "booking_arrivals" ("day", "source", "status", "nights", "shard", "stays", "total",
        "lead_0_1", "lead_2_7", "lead_8_30", "lead_31_90", "lead_91_up")
      select check_in, source, status, nights, 0, count(*), sum(total_price),
             count(*) filter (where lb = 0), count(*) filter (where lb = 1), count(*) filter (where lb = 2),
             count(*) filter (where lb = 3), count(*) filter (where lb = 4)
        from (select check_in, source, status, total_price, check_out - check_in as nights,
                     booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date) as lb
                from bookings) b
       group by check_in, source, status, nights;`);
    this.addSql(`drop statistics if exists "bookings_report_groups";`);
    this.addSql(`analyze "booking_arrivals";`);
  }

  /** The bookings' triggers still call booking_arrivals_apply: it is left doing nothing. */
  override down(): void | Promise<void> {
    this.addSql(`create or replace function booking_arrivals_apply(days date[], sources text[], statuses text[], lens int[], lbs int[], ns int[], totals bigint[]) returns void language plpgsql as $$ begin end $$;`);
    this.addSql(`drop trigger if exists "booking_arrivals_truncate" on "bookings";`);
    this.addSql(`drop function if exists booking_arrivals_truncated();`);
    this.addSql(`drop table "booking_arrivals";`);
    this.addSql(`create statistics if not exists "bookings_report_groups" (ndistinct) on "source", "status", ("check_out" - "check_in"), ("check_in" - ("created_at" at time zone 'UTC')::date) from "bookings";`);
  }

}
