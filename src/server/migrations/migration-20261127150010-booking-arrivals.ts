import { Migration } from '@mikro-orm/migrations';
import { functionsSql } from './migration-20261126170000-functions-file.ts';

export class Migration20261127150010_booking_arrivals extends Migration {

  override name = 'Migration20261127150010_booking_arrivals';

  /**
   * The stays arriving by day, source, status and length (booking-arrival.entity.ts), kept by the bookings'
   * statement triggers from now on (sql/functions.sql) and filled here from the bookings there are, in one
   * shard. Bookings are locked against writes until this commits, so none is written between the fill and
   * the triggers. The reports no longer group every stay by lead time and length, so the statistics that
   * told the planner how few such groups there are go.
   */
  override up(): void | Promise<void> {
    this.addSql(`lock table "bookings" in share mode;`);
    this.addSql(`create table "booking_arrivals" ("day" date not null, "source" varchar(20) not null, "status" varchar(20) not null, "nights" int not null, "shard" int not null, "stays" int not null default 0, "total" bigint not null default 0, "lead_0_1" int not null default 0, "lead_2_7" int not null default 0, "lead_8_30" int not null default 0, "lead_31_90" int not null default 0, "lead_91_up" int not null default 0, constraint "booking_arrivals_pkey" primary key ("day", "source", "status", "nights", "shard"));`);
    this.addSql(functionsSql());
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
