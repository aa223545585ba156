import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200117_admin_page_budget extends Migration {

  override name = 'Migration20261123200117_admin_page_budget';

  override up(): void | Promise<void> {
    this.addSql(`create table "admin_counters" ("name" varchar(40) not null, "shard" int not null, "n" bigint not null default '0', "amount" bigint not null default '0', primary key ("name", "shard"));`);

    this.addSql(`create index "properties_archived_id_idx" on "properties" ("id") where "archived_at" is not null;`);

    this.addSql(`drop index "bookings_created_idx";`);
    this.addSql(`drop index "bookings_status_created_idx";`);
    this.addSql(`create index "bookings_created_id_idx" on "bookings" ("created_at", "id");`);
    this.addSql(`create index "bookings_status_created_id_idx" on "bookings" ("status", "created_at", "id");`);
    this.addSql(`create index "bookings_status_total_id_idx" on "bookings" ("status", "total_price", "id");`);
    this.addSql(`create index "bookings_holding_check_in_idx" on "bookings" ("check_in") include ("check_out", "property_id", "total_price") where "status" <> 'cancelled';`);

    // The admin counters (admin-counter.entity.ts): statement triggers read the transition tables and make one
    // upsert per counter a statement changes, so a bulk insert adds its totals once rather than once per row.
    // PL/pgSQL plans each branch when it first runs, so a branch names only the tables its event has.
    this.addSql(`create function admin_counter_add(counter text, dn bigint, damount bigint) returns void language sql as $$
      insert into admin_counters (name, shard, n, amount) values (counter, pg_backend_pid() % 16, dn, damount)
      on conflict (name, shard) do update set n = admin_counters.n + excluded.n, amount = admin_counters.amount + excluded.amount
    $$;`);
    this.addSql(`create function bookings_count() returns trigger language plpgsql as $$
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
    end $$;`);
    this.addSql(`create function properties_count() returns trigger language plpgsql as $$
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
    end $$;`);
    for (const [table, fn] of [
      ['bookings', 'bookings_count'],
      ['properties', 'properties_count'],
    ]) {
      this.addSql(`create trigger ${fn}_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}();`);
      this.addSql(`create trigger ${fn}_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}();`);
      this.addSql(`create trigger ${fn}_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}();`);
    }
    // TRUNCATE fires no row trigger: it empties the counters of its table instead.
    this.addSql(`create function admin_counters_truncated() returns trigger language plpgsql as $$
    begin
      delete from admin_counters where name like tg_argv[0];
      return null;
    end $$;`);
    this.addSql(`create trigger bookings_count_truncate after truncate on bookings for each statement execute function admin_counters_truncated('bookings:%');`);
    this.addSql(`create trigger properties_count_truncate after truncate on properties for each statement execute function admin_counters_truncated('properties:%');`);
    this.addSql(`insert into admin_counters (name, shard, n, amount)
      select 'bookings:' || status, 0, count(*), coalesce(sum(total_price), 0) from bookings group by status;`);
    this.addSql(`insert into admin_counters (name, shard, n, amount)
      select 'properties:listed', 0, count(*), 0 from properties where archived_at is null;`);
  }

  override down(): void | Promise<void> {
    for (const table of ['bookings', 'properties']) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger ${table}_count_${event} on ${table};`);
    }
    this.addSql(`drop function bookings_count(); drop function properties_count(); drop function admin_counters_truncated(); drop function admin_counter_add(text, bigint, bigint);`);
    this.addSql(`drop table if exists "admin_counters" cascade;`);

    this.addSql(`drop index "bookings_created_id_idx";`);
    this.addSql(`drop index "bookings_status_created_id_idx";`);
    this.addSql(`drop index "bookings_status_total_id_idx";`);
    this.addSql(`drop index "bookings_holding_check_in_idx";`);
    this.addSql(`create index "bookings_created_idx" on "bookings" ("created_at");`);
    this.addSql(`create index "bookings_status_created_idx" on "bookings" ("status", "created_at");`);

    this.addSql(`drop index "properties_archived_id_idx";`);
  }

}
