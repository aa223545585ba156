import { Migration } from '@mikro-orm/migrations';

/** The functions and triggers this migration added or changed, as they were written when it was made (the rest stand as earlier migrations left them). */
const FUNCTIONS = String.raw`
-- Every function and trigger of the schema, in one place. Loaded by the migration that follows the last
-- change of any of them (see migration-20261126170000-functions-file.ts): each statement replaces what it
-- defines, so the file can be loaded again after an edit. Change a function here, then add a migration
-- that loads this file again. What each trigger guarantees is listed in README.md ("Database functions").

-- Every pending, requested or confirmed booking holds its dates in date_holds, in the booking's own statement, so a
-- clash with another booking, a block or an imported event raises 23P01 (date_holds_no_overlap) there,
-- whatever code path writes the booking.
create or replace function bookings_hold_dates() returns trigger language plpgsql as $$
  declare
    held_before boolean := tg_op <> 'INSERT' and old.status in ('pending', 'requested', 'confirmed');
    held_after boolean := tg_op <> 'DELETE' and new.status in ('pending', 'requested', 'confirmed');
  begin
    if held_before and held_after then
      if (old.check_in, old.check_out, old.property_id) is distinct from (new.check_in, new.check_out, new.property_id) then
        update date_holds set property_id = new.property_id, start_date = new.check_in, end_date = new.check_out
         where booking_id = new.id;
      end if;
    elsif held_before then
      delete from date_holds where booking_id = old.id;
    elsif held_after then
      insert into date_holds (property_id, start_date, end_date, booking_id)
      values (new.property_id, new.check_in, new.check_out, new.id);
    end if;
    return null;
  end $$;

-- Holds of one home are written one transaction at a time: a hold first takes its home's advisory lock,
-- kept until its transaction ends. Without it, concurrent holds that clash each see the other's uncommitted
-- row in date_holds_no_overlap and wait for it: a deadlock that PostgreSQL breaks only after deadlock_timeout
-- (1 s), and 30 guests racing for the same dates queued for minutes behind such deadlocks. With it, the next
-- writer sees the committed hold and hears 23P01 at once. A booking's or block's hold that clashes with a
-- committed one is refused before the lock, the same 23P01 the constraint raises: the losers of a race need
-- not queue to hear it. Imported events are left to the constraint: the sync inserts them with ON CONFLICT
-- DO NOTHING (a clashing event is kept as a conflict), which a raise here would defeat.
create or replace function date_holds_one_writer() returns trigger language plpgsql as $$
  begin
    if new.external_event_id is null and exists (select 1 from date_holds h
                where h.property_id = new.property_id and h.id <> new.id
                  and daterange(h.start_date, h.end_date, '[)') && daterange(new.start_date, new.end_date, '[)')) then
      raise exception 'conflicting key value violates exclusion constraint "date_holds_no_overlap"'
        using errcode = '23P01', constraint = 'date_holds_no_overlap', table = 'date_holds';
    end if;
    perform pg_advisory_xact_lock(727003, new.property_id);
    return new;
  end $$;
`;

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
    this.addSql(FUNCTIONS);
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
