import { Migration } from '@mikro-orm/migrations';

/** The functions and triggers this migration added or changed, as they were written when it was made (the rest stand as earlier migrations left them). */
const FUNCTIONS = String.raw`
-- The holding stays by day (booking_days, booking-day.entity.ts): arrivals and their revenue on the
-- check-in day, departures on the check-out day, sharded by session as the admin counters are. A stay holds
-- its nights unless cancelled or declined. The dashboard sums these few rows per day instead of reading
-- every stay of its window (docs/features.md#dashboard-figures).
create or replace function booking_day_add(d date, darr bigint, ddep bigint, drev bigint) returns void language plpgsql as $$
  begin
    update booking_days set arrivals = arrivals + darr, departures = departures + ddep, revenue = revenue + drev
     where day = d and shard = pg_backend_pid() % 256;
    if not found then
      insert into booking_days (day, shard, arrivals, departures, revenue) values (d, pg_backend_pid() % 256, darr, ddep, drev)
      on conflict (day, shard) do update set arrivals = booking_days.arrivals + excluded.arrivals,
        departures = booking_days.departures + excluded.departures, revenue = booking_days.revenue + excluded.revenue;
    end if;
  end $$;

-- Statement triggers read the transition tables and make one call per counter a statement changes, so a
-- bulk insert adds its totals once rather than once per row. PL/pgSQL plans each branch when it first
-- runs, so a branch names only the tables its event has. The days are added in date order, so two
-- statements that share a shard lock its rows in the same order.
create or replace function bookings_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('bookings:' || status, count(*), sum(total_price)) from new_rows group by status;
    perform booking_day_add(day, sum(arr), sum(dep), sum(rev))
       from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from new_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, 1, 0 from new_rows where status not in ('cancelled', 'declined')) d
      group by day order by day;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('bookings:' || status, -count(*), -sum(total_price)) from old_rows group by status;
    perform booking_day_add(day, sum(arr), sum(dep), sum(rev))
       from (select check_in as day, -1 as arr, 0 as dep, -total_price as rev from old_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, -1, 0 from old_rows where status not in ('cancelled', 'declined')) d
      group by day order by day;
  else
    perform admin_counter_add('bookings:' || status, sum(dn), sum(damount))
       from (select status, 1 as dn, total_price as damount from new_rows
             union all select status, -1, -total_price from old_rows) d
      group by status having sum(dn) <> 0 or sum(damount) <> 0;
    perform booking_day_add(day, sum(arr), sum(dep), sum(rev))
       from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from new_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, 1, 0 from new_rows where status not in ('cancelled', 'declined')
             union all select check_in, -1, 0, -total_price from old_rows where status not in ('cancelled', 'declined')
             union all select check_out, 0, -1, 0 from old_rows where status not in ('cancelled', 'declined')) d
      group by day having sum(arr) <> 0 or sum(dep) <> 0 or sum(rev) <> 0 order by day;
  end if;
  return null;
end $$;

create or replace function booking_days_truncated() returns trigger language plpgsql as $$
begin
  delete from booking_days;
  return null;
end $$;

create or replace trigger booking_days_truncate after truncate on bookings
  for each statement execute function booking_days_truncated();
`;

export class Migration20261127120010_dashboard_days extends Migration {

  override name = 'Migration20261127120010_dashboard_days';

  /**
   * The holding stays by day (booking-day.entity.ts), kept by the bookings' statement triggers from now
   * on (above) and filled here from the bookings there are, in one shard. Bookings are locked
   * against writes until this commits, so none is written between the fill and the triggers.
   */
  override up(): void | Promise<void> {
    this.addSql(`lock table "bookings" in share mode;`);
    this.addSql(`create table "booking_days" ("day" date not null, "shard" int not null, "arrivals" int not null default 0, "revenue" bigint not null default 0, "departures" int not null default 0, constraint "booking_days_pkey" primary key ("day", "shard"));`);
    this.addSql(FUNCTIONS);
    this.addSql(`insert into "booking_days" ("day", "shard", "arrivals", "departures", "revenue")
      select day, 0, sum(arr), sum(dep), sum(rev)
        from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from bookings where status not in ('cancelled', 'declined')
              union all select check_out, 0, 1, 0 from bookings where status not in ('cancelled', 'declined')) d
       group by day;`);
  }

  /** The bookings' triggers still call booking_days_apply: it is left doing nothing. */
  override down(): void | Promise<void> {
    this.addSql(`create or replace function booking_days_apply(days date[], arrs int[], deps int[], revs bigint[]) returns void language plpgsql as $$ begin end $$;`);
    this.addSql(`drop trigger if exists "booking_days_truncate" on "bookings";`);
    this.addSql(`drop function if exists booking_days_truncated();`);
    this.addSql(`drop table "booking_days";`);
  }

}
