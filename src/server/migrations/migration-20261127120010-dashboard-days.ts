import { Migration } from '@mikro-orm/migrations';
import { functionsSql } from './migration-20261126170000-functions-file.ts';

export class Migration20261127120010_dashboard_days extends Migration {

  override name = 'Migration20261127120010_dashboard_days';

  /**
   * The holding stays by day (booking-day.entity.ts), kept by the bookings' statement triggers from now
   * on (sql/functions.sql) and filled here from the bookings there are, in one shard. Bookings are locked
   * against writes until this commits, so none is written between the fill and the triggers.
   */
  override up(): void | Promise<void> {
    this.addSql(`lock table "bookings" in share mode;`);
    this.addSql(`create table "booking_days" ("day" date not null, "shard" int not null, "arrivals" int not null default 0, "revenue" bigint not null default 0, "departures" int not null default 0, constraint "booking_days_pkey" primary key ("day", "shard"));`);
    this.addSql(functionsSql());
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
