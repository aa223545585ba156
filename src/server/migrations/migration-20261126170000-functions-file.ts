import { Migration } from '@mikro-orm/migrations';

/** The schema's functions and triggers as they stood when this migration was made, written out in full. */
const FUNCTIONS = String.raw`
-- Every function and trigger of the schema, in one place. Loaded by the migration that follows the last
-- change of any of them (see migration-20261126170000-functions-file.ts): each statement replaces what it
-- defines, so the file can be loaded again after an edit. Change a function here, then add a migration
-- that loads this file again. What each trigger guarantees is listed in README.md ("Database functions").

-- Every pending or confirmed booking holds its dates in date_holds, in the booking's own statement, so a
-- clash with another booking, a block or an imported event raises 23P01 (date_holds_no_overlap) there,
-- whatever code path writes the booking.
create or replace function bookings_hold_dates() returns trigger language plpgsql as $$
  declare
    held_before boolean := tg_op <> 'INSERT' and old.status in ('pending', 'confirmed');
    held_after boolean := tg_op <> 'DELETE' and new.status in ('pending', 'confirmed');
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

create or replace trigger bookings_hold_dates
  after insert or update of status, check_in, check_out, property_id or delete on bookings
  for each row execute function bookings_hold_dates();

-- The admin counters (admin-counter.entity.ts). A counter is the sum of its shards; each database session
-- adds to the shard of its backend pid, so concurrent writes do not queue on one hot row. A shard row
-- exists after its first change, so an UPDATE finds it; the upsert is for a shard's first change only (it
-- locks the row it conflicts with in a WAL record of its own before updating it).
create or replace function admin_counter_add(counter text, dn bigint, damount bigint) returns void language plpgsql as $$
  begin
    update admin_counters set n = n + dn, amount = amount + damount where name = counter and shard = pg_backend_pid() % 256;
    if not found then
      insert into admin_counters (name, shard, n, amount) values (counter, pg_backend_pid() % 256, dn, damount)
      on conflict (name, shard) do update set n = admin_counters.n + excluded.n, amount = admin_counters.amount + excluded.amount;
    end if;
  end $$;

-- Statement triggers read the transition tables and make one call per counter a statement changes, so a
-- bulk insert adds its totals once rather than once per row. PL/pgSQL plans each branch when it first
-- runs, so a branch names only the tables its event has.
create or replace function bookings_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('bookings:' || status, count(*), sum(total_price)) from new_rows group by status;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('bookings:' || status, -count(*), -sum(total_price)) from old_rows group by status;
  else
    perform admin_counter_add('bookings:' || status, sum(dn), sum(damount))
       from (select status, 1 as dn, total_price as damount from new_rows
             union all select status, -1, -total_price from old_rows) d
      group by status having sum(dn) <> 0 or sum(damount) <> 0;
  end if;
  return null;
end $$;

-- 'archived_at is null' is the archived rule (Property's 'listed' filter, liveProperty in repositories/sql.ts).
create or replace function properties_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('properties:listed', count(*), 0) from new_rows where archived_at is null having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('properties:listed', -count(*), 0) from old_rows where archived_at is null having count(*) > 0;
  else
    perform admin_counter_add('properties:listed', sum(dn), 0)
       from (select 1 as dn from new_rows where archived_at is null
             union all select -1 from old_rows where archived_at is null) d
     having sum(dn) <> 0;
  end if;
  return null;
end $$;

create or replace function reviews_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('reviews:' || rating, count(*), 0) from new_rows group by rating;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('reviews:' || rating, -count(*), 0) from old_rows group by rating;
  else
    perform admin_counter_add('reviews:' || rating, sum(dn), 0)
       from (select rating, 1 as dn from new_rows union all select rating, -1 from old_rows) d
      group by rating having sum(dn) <> 0;
  end if;
  return null;
end $$;

-- TRUNCATE fires no row or statement trigger of the kinds above: it empties its table's counters instead.
create or replace function admin_counters_truncated() returns trigger language plpgsql as $$
begin
  delete from admin_counters where name like tg_argv[0];
  return null;
end $$;

create or replace trigger bookings_count_insert after insert on bookings
  referencing new table as new_rows for each statement execute function bookings_count();

create or replace trigger bookings_count_update after update on bookings
  referencing old table as old_rows new table as new_rows for each statement execute function bookings_count();

create or replace trigger bookings_count_delete after delete on bookings
  referencing old table as old_rows for each statement execute function bookings_count();

create or replace trigger bookings_count_truncate after truncate on bookings
  for each statement execute function admin_counters_truncated('bookings:%');

create or replace trigger properties_count_insert after insert on properties
  referencing new table as new_rows for each statement execute function properties_count();

create or replace trigger properties_count_update after update on properties
  referencing old table as old_rows new table as new_rows for each statement execute function properties_count();

create or replace trigger properties_count_delete after delete on properties
  referencing old table as old_rows for each statement execute function properties_count();

create or replace trigger properties_count_truncate after truncate on properties
  for each statement execute function admin_counters_truncated('properties:%');

create or replace trigger reviews_count_insert after insert on reviews
  referencing new table as new_rows for each statement execute function reviews_count();

create or replace trigger reviews_count_update after update on reviews
  referencing old table as old_rows new table as new_rows for each statement execute function reviews_count();

create or replace trigger reviews_count_delete after delete on reviews
  referencing old table as old_rows for each statement execute function reviews_count();

create or replace trigger reviews_count_truncate after truncate on reviews
  for each statement execute function admin_counters_truncated('reviews:%');

-- How many listed homes a map box holds, counted up to 'cap' (property-search.ts, isDenseArea). The planner
-- guesses a handful of homes in any box, so it would collect a large box's every home into a bitmap before
-- counting; with bitmap scans off the GiST index scan stops at the cap.
create or replace function properties_in_box(area box, cap int) returns int language sql stable
  set enable_bitmapscan = off as $$
  select count(*)::int from (
    select 1 from properties p
     where p.archived_at is null and p.latitude is not null and p.longitude is not null
       and point(p.longitude::float8, p.latitude::float8) <@ area
     limit cap) t
$$;
`;

export class Migration20261126170000_functions_file extends Migration {

  override name = 'Migration20261126170000_functions_file';

  /**
   * Writes out every function and trigger of the schema as they stood: each statement replaces what an
   * earlier migration created, with the same definition, so it changes no behaviour.
   */
  override up(): void | Promise<void> {
    this.addSql(FUNCTIONS);
  }

  /** The definitions are the ones in place before: nothing to undo. */
  override down(): void | Promise<void> {}

}
