import { Migration } from '@mikro-orm/migrations';

export class Migration20261205120000_housekeeping_checklists_problems_pay extends Migration {

  override name = 'Migration20261205120000_housekeeping_checklists_problems_pay';

  /**
   * Each home's turnover checklist and the ticks of each task's copy, the housekeepers' problem reports,
   * and their pay: rates per housekeeper (and per home), and the pay each done task earned
   * (docs/staff.md#checklists, #problem-reports, #housekeeping-pay).
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "housekeeping_tasks" add column "checklist" jsonb null, add column "pay_user_id" int null, add column "pay_minor" int null;`);
    this.addSql(`create table "home_checklists" ("property_id" int not null, "rooms" jsonb not null, "updated_at" timestamptz not null default now(), primary key ("property_id"));`);
    this.addSql(`create table "housekeeper_pay_overrides" ("user_id" int not null, "property_id" int not null, "rate_minor" int not null, primary key ("user_id", "property_id"));`);
    this.addSql(`create index "housekeeper_pay_overrides_property_id_index" on "housekeeper_pay_overrides" ("property_id");`);
    this.addSql(`create table "housekeeper_pay" ("user_id" int not null, "rate_minor" int not null, primary key ("user_id"));`);
    this.addSql(`create table "task_problems" ("id" serial primary key, "task_id" int not null, "property_id" int not null, "reporter_id" int null, "description" text not null, "severity" varchar(10) not null, "photo" text null, "created_at" timestamptz not null default now(), "resolved_at" timestamptz null, "resolved_by_id" int null, "resolution_note" text null);`);
    this.addSql(`create index "task_problems_task_id_index" on "task_problems" ("task_id");`);
    this.addSql(`create index "task_problems_reporter_id_index" on "task_problems" ("reporter_id");`);
    this.addSql(`create index "task_problems_resolved_by_id_index" on "task_problems" ("resolved_by_id");`);
    this.addSql(`create index "task_problems_open_idx" on "task_problems" ("property_id", "created_at") where "resolved_at" is null;`);
    this.addSql(`create table "housekeeping_task_ticks" ("task_id" int not null, "item_key" varchar(16) not null, "user_id" int null, "ticked_at" timestamptz not null default now(), primary key ("task_id", "item_key"));`);
    this.addSql(`create index "housekeeping_task_ticks_user_id_index" on "housekeeping_task_ticks" ("user_id");`);
    this.addSql(`alter table "home_checklists" add constraint "home_checklists_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeper_pay_overrides" add constraint "housekeeper_pay_overrides_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeper_pay_overrides" add constraint "housekeeper_pay_overrides_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeper_pay_overrides" add constraint "housekeeper_pay_overrides_rate_check" check (rate_minor >= 0);`);
    this.addSql(`alter table "housekeeper_pay" add constraint "housekeeper_pay_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeper_pay" add constraint "housekeeper_pay_rate_check" check (rate_minor >= 0);`);
    this.addSql(`alter table "task_problems" add constraint "task_problems_task_id_foreign" foreign key ("task_id") references "housekeeping_tasks" ("id") on delete cascade;`);
    this.addSql(`alter table "task_problems" add constraint "task_problems_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);
    this.addSql(`alter table "task_problems" add constraint "task_problems_reporter_id_foreign" foreign key ("reporter_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "task_problems" add constraint "task_problems_resolved_by_id_foreign" foreign key ("resolved_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "task_problems" add constraint "task_problems_severity_check" check (severity in ('low', 'medium', 'high'));`);
    this.addSql(`alter table "housekeeping_task_ticks" add constraint "housekeeping_task_ticks_task_id_foreign" foreign key ("task_id") references "housekeeping_tasks" ("id") on delete cascade;`);
    this.addSql(`alter table "housekeeping_task_ticks" add constraint "housekeeping_task_ticks_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`create index "housekeeping_tasks_pay_idx" on "housekeeping_tasks" ("pay_user_id", "done_at") where "pay_user_id" is not null;`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_pay_user_id_foreign" foreign key ("pay_user_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "housekeeping_task_ticks" cascade;`);
    this.addSql(`drop table if exists "task_problems" cascade;`);
    this.addSql(`drop table if exists "housekeeper_pay_overrides" cascade;`);
    this.addSql(`drop table if exists "housekeeper_pay" cascade;`);
    this.addSql(`drop table if exists "home_checklists" cascade;`);
    this.addSql(`drop index if exists "housekeeping_tasks_pay_idx";`);
    this.addSql(`alter table "housekeeping_tasks" drop column "checklist", drop column "pay_user_id", drop column "pay_minor";`);
  }

}
