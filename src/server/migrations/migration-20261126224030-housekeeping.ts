import { Migration } from '@mikro-orm/migrations';
import { functionsSql } from './migration-20261126170000-functions-file.ts';

export class Migration20261126224030_housekeeping extends Migration {

  override name = 'Migration20261126224030_housekeeping';

  /** Turnover tasks and each home's default housekeeper; bookings_turnover_task (sql/functions.sql) keeps the tasks. */
  override up(): void | Promise<void> {
    this.addSql(`create table "housekeeping_tasks" ("id" serial primary key, "property_id" int not null, "booking_id" int not null, "due_date" date not null, "assignee_id" int null, "status" varchar(20) not null default 'todo', "note" text null, "photos" text[] not null default '{}', "problem" text null, "started_at" timestamptz null, "done_at" timestamptz null, "alerted_at" timestamptz null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_booking_id_unique" unique ("booking_id");`);
    this.addSql(`create index "housekeeping_tasks_assignee_id_index" on "housekeeping_tasks" ("assignee_id");`);
    this.addSql(`create index "housekeeping_tasks_property_due_idx" on "housekeeping_tasks" ("property_id", "due_date");`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_status_check" check (status in ('todo', 'in_progress', 'done', 'problem'));`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create table "housekeeping_defaults" ("property_id" int not null, "user_id" int not null, constraint "housekeeping_defaults_pkey" primary key ("property_id"));`);
    this.addSql(`create index "housekeeping_defaults_user_id_index" on "housekeeping_defaults" ("user_id");`);
    this.addSql(`alter table "housekeeping_defaults" add constraint "housekeeping_defaults_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeping_defaults" add constraint "housekeeping_defaults_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(functionsSql());
    // Stays already on the books get their turnover too.
    this.addSql(`insert into "housekeeping_tasks" ("property_id", "booking_id", "due_date")
      select property_id, id, check_out from bookings where status in ('pending', 'confirmed') and check_out >= current_date
      on conflict do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists bookings_turnover_task on bookings;');
    this.addSql('drop function if exists bookings_turnover_task();');
    this.addSql(`drop table if exists "housekeeping_defaults" cascade;`);
    this.addSql(`drop table if exists "housekeeping_tasks" cascade;`);
  }

}
