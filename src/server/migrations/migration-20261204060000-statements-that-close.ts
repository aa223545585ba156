import { Migration } from '@mikro-orm/migrations';

export class Migration20261204060000_statements_that_close extends Migration {

  override name = 'Migration20261204060000_statements_that_close';

  /** Published owner statements with their numbering, and the operator's expenses and payouts (docs/owner-statements.md). */
  override up(): void | Promise<void> {
    this.addSql(`create table "owner_statements" ("id" serial primary key, "created_at" timestamptz not null default now(), "owner_id" int null, "month" varchar(7) not null, "number" varchar(20) not null, "document" jsonb not null, "booking_ids" integer[] not null, "published_at" timestamptz not null, "published_by_id" int null, constraint owner_statements_month_check check (month ~ '^\\d{4}-(0[1-9]|1[0-2])$'));`);
    this.addSql(`alter table "owner_statements" add constraint "owner_statements_number_unique" unique ("number");`);
    this.addSql(`alter table "owner_statements" add constraint "owner_statements_owner_month_unique" unique ("owner_id", "month");`);
    this.addSql(`create index "owner_statements_booking_ids_idx" on "owner_statements" using gin ("booking_ids");`);
    this.addSql(`alter table "owner_statements" add constraint "owner_statements_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "owner_statements" add constraint "owner_statements_published_by_id_foreign" foreign key ("published_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "statement_counters" ("year" int not null, "last" int not null, constraint "statement_counters_pkey" primary key ("year"));`);

    this.addSql(`create table "home_expenses" ("id" serial primary key, "created_at" timestamptz not null default now(), "property_id" int not null, "owner_id" int not null, "date" date not null, "category" varchar(20) not null, "amount" int not null, "currency" varchar(3) not null, "description" varchar(200) not null, "created_by_id" int null, constraint home_expenses_category_check check (category in ('repairs', 'supplies', 'cleaning', 'other')), constraint home_expenses_amount_check check (amount > 0));`);
    this.addSql(`create index "home_expenses_property_id_index" on "home_expenses" ("property_id");`);
    this.addSql(`create index "home_expenses_owner_date_idx" on "home_expenses" ("owner_id", "date");`);
    this.addSql(`alter table "home_expenses" add constraint "home_expenses_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "home_expenses" add constraint "home_expenses_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "home_expenses" add constraint "home_expenses_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "owner_payouts" ("id" serial primary key, "created_at" timestamptz not null default now(), "owner_id" int not null, "date" date not null, "amount" int not null, "currency" varchar(3) not null, "reference" varchar(100) not null, "created_by_id" int null, constraint owner_payouts_amount_check check (amount > 0));`);
    this.addSql(`create index "owner_payouts_owner_date_idx" on "owner_payouts" ("owner_id", "date");`);
    this.addSql(`alter table "owner_payouts" add constraint "owner_payouts_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "owner_payouts" add constraint "owner_payouts_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "owner_payouts" cascade;`);
    this.addSql(`drop table if exists "home_expenses" cascade;`);
    this.addSql(`drop table if exists "statement_counters" cascade;`);
    this.addSql(`drop table if exists "owner_statements" cascade;`);
  }

}
