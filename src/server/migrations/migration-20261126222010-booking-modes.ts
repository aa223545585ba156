import { Migration } from '@mikro-orm/migrations';
import { functionsSql } from './migration-20261126170000-functions-file.ts';

export class Migration20261126222010_booking_modes extends Migration {

  override name = 'Migration20261126222010_booking_modes';

  /** Instant book or request to book per home; requests and their answers (docs/booking-operations.md#booking-modes). */
  override up(): void | Promise<void> {
    this.addSql(`alter table "properties" add "booking_mode" varchar(10) not null default 'instant';`);
    this.addSql(`alter table "properties" add constraint "properties_booking_mode_check" check (booking_mode in ('instant', 'request'));`);
    this.addSql(`alter table "settings" add "request_response_hours" smallint not null default 24;`);
    this.addSql(`alter table "bookings" add "respond_by" timestamptz null;`);
    this.addSql(`alter table "bookings" drop constraint "bookings_status_check";`);
    this.addSql(`alter table "bookings" add constraint "bookings_status_check" check (status in ('pending', 'requested', 'confirmed', 'cancelled', 'declined'));`);
    this.addSql(`create index "bookings_requested_respond_by_idx" on "bookings" ("respond_by") where "status" = 'requested';`);
    // bookings_hold_dates: a request holds its dates until it is answered.
    this.addSql(functionsSql());
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "bookings_requested_respond_by_idx";`);
    this.addSql(`update "bookings" set "status" = 'pending' where "status" = 'requested';`);
    this.addSql(`update "bookings" set "status" = 'cancelled' where "status" = 'declined';`);
    this.addSql(`alter table "bookings" drop constraint "bookings_status_check";`);
    this.addSql(`alter table "bookings" add constraint "bookings_status_check" check (status in ('pending', 'confirmed', 'cancelled'));`);
    this.addSql(`alter table "bookings" drop column "respond_by";`);
    this.addSql(`alter table "settings" drop column "request_response_hours";`);
    this.addSql(`alter table "properties" drop constraint "properties_booking_mode_check";`);
    this.addSql(`alter table "properties" drop column "booking_mode";`);
  }

}
