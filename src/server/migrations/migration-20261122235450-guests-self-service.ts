import { Migration } from '@mikro-orm/migrations';

export class Migration20261122235450_guests_self_service extends Migration {

  override name = 'Migration20261122235450_guests_self_service';

  override up(): void | Promise<void> {
    this.addSql(`create table "password_resets" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);

    this.addSql(`create table "booking_links" ("id" varchar(64) not null, "booking_id" int not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "booking_links_booking_id_index" on "booking_links" ("booking_id");`);

    this.addSql(`create table "wishlist_items" ("user_id" int not null, "property_id" int not null, "created_at" timestamptz not null default now(), primary key ("user_id", "property_id"));`);

    this.addSql(`alter table "reviews" drop constraint "reviews_user_id_foreign";`);

    this.addSql(`alter table "properties" add "cancellation_policy" varchar(10) not null default 'moderate';`);
    this.addSql(`alter table "properties" add constraint "properties_cancellation_policy_check" check (cancellation_policy in ('flexible', 'moderate', 'strict'));`);

    this.addSql(`alter table "users" add "deactivated_at" timestamptz null;`);

    this.addSql(`alter table "bookings" add "review_invited_at" timestamptz null;`);

    this.addSql(`alter table "reviews" add "booking_id" int null;`);
    this.addSql(`alter table "reviews" add constraint "reviews_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete set null;`);
    this.addSql(`alter table "reviews" alter column "user_id" drop not null;`);
    this.addSql(`alter table "reviews" add constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "reviews" add constraint "reviews_booking_id_unique" unique ("booking_id");`);

    this.addSql(`alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "booking_links" add constraint "booking_links_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);

    this.addSql(`alter table "wishlist_items" add constraint "wishlist_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "wishlist_items" add constraint "wishlist_items_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "password_resets" cascade;`);
    this.addSql(`drop table if exists "booking_links" cascade;`);
    this.addSql(`drop table if exists "wishlist_items" cascade;`);

    this.addSql(`alter table "reviews" drop constraint "reviews_booking_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_user_id_foreign";`);

    this.addSql(`alter table "bookings" drop column "review_invited_at";`);

    this.addSql(`alter table "properties" drop constraint "properties_cancellation_policy_check";`);
    this.addSql(`alter table "properties" drop column "cancellation_policy";`);

    this.addSql(`alter table "reviews" drop constraint "reviews_booking_id_unique";`);
    this.addSql(`alter table "reviews" drop column "booking_id";`);
    this.addSql(`alter table "reviews" alter column "user_id" set not null;`);
    this.addSql(`alter table "reviews" add constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "users" drop column "deactivated_at";`);
  }

}
