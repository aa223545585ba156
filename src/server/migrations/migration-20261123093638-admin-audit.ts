import { Migration } from '@mikro-orm/migrations';

export class Migration20261123093638_admin_audit extends Migration {

  override name = 'Migration20261123093638_admin_audit';

  override up(): void | Promise<void> {
    this.addSql(`create table "booking_notes" ("id" serial primary key, "booking_id" int not null, "author_id" int null, "author_name" varchar(100) not null, "body" text not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "booking_notes_booking_id_index" on "booking_notes" ("booking_id");`);

    this.addSql(`create table "activity_log" ("id" serial primary key, "actor_id" int null, "actor_name" varchar(100) not null, "action" varchar(60) not null, "entity_type" varchar(30) not null, "entity_id" varchar(40) not null, "changes" jsonb not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "activity_log_created_idx" on "activity_log" ("created_at", "id");`);
    this.addSql(`create index "activity_log_entity_idx" on "activity_log" ("entity_type", "entity_id", "created_at");`);
    this.addSql(`create index "activity_log_type_created_idx" on "activity_log" ("entity_type", "created_at", "id");`);

    this.addSql(`alter table "users" add "disabled_at" timestamptz null;`);

    this.addSql(`alter table "emails" add "booking_id" int null;`);
    this.addSql(`alter table "emails" add constraint "emails_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete set null;`);
    this.addSql(`create index "emails_booking_id_index" on "emails" ("booking_id");`);

    this.addSql(`alter table "booking_notes" add constraint "booking_notes_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_notes" add constraint "booking_notes_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "activity_log" add constraint "activity_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "booking_notes" cascade;`);
    this.addSql(`drop table if exists "activity_log" cascade;`);

    this.addSql(`alter table "emails" drop constraint "emails_booking_id_foreign";`);

    this.addSql(`drop index "emails_booking_id_index";`);
    this.addSql(`alter table "emails" drop column "booking_id";`);

    this.addSql(`alter table "users" drop column "disabled_at";`);
  }

}
