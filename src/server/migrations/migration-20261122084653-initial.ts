import { Migration } from '@mikro-orm/migrations';

export class Migration20261122084653_initial extends Migration {

  override name = 'Migration20261122084653_initial';

  override up(): void | Promise<void> {
    // btree_gist backs the no-overlap exclusion constraint; pg_trgm the location substring index.
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "categories" ("id" serial primary key, "name" varchar(60) not null, "icon" text not null, "active" boolean not null default true);`);
    this.addSql(`create unique index "categories_name_lower_idx" on "categories" (lower("name"));`);

    this.addSql(`create table "properties" ("id" serial primary key, "title" varchar(200) not null, "description" text not null, "location" varchar(200) not null, "price" int not null, "images" text[] not null, "videos" text[] not null default '{}', "bedrooms" int not null, "bathrooms" int not null, "max_guests" int not null, "amenities" text[] not null default '{}', "categories" text[] not null default '{}', "category_keys" text[] not null default '{}', "latitude" varchar(32) null, "longitude" varchar(32) null, "rating" double precision null, "review_count" int not null default 0, "show_logo" boolean not null default false, "guest_favorite" boolean not null default false, "property_type" varchar(20) not null default 'apartment', "created_at" timestamptz not null default now(), "archived_at" timestamptz null);`);
    this.addSql(`create index "properties_location_trgm_idx" on "properties" using gin ("location" gin_trgm_ops);`);
    this.addSql(`create index "properties_category_keys_idx" on "properties" using gin ("category_keys");`);
    this.addSql(`create index "properties_live_id_idx" on "properties" ("id" desc) where "archived_at" is null;`);

    this.addSql(`create table "rate_limits" ("key" varchar(300) not null, "count" int not null default 0, "window_start" timestamptz not null default now(), primary key ("key"));`);

    this.addSql(`create table "settings" ("id" int not null, "site_name" varchar(100) not null default 'StayHub', "site_description" varchar(500) not null default 'Find and book unique holiday homes around the world.', "business_address" varchar(300) not null default '123 Harbour Street, Suite 400, San Francisco, CA 94105', "phone_number" varchar(40) not null default '+1 (555) 010-2030', "business_hours" varchar(100) not null default '24/7', "admin_email" varchar(254) not null default 'admin@stayhub.example', "support_email" varchar(254) not null default 'support@stayhub.example', "notification_email" varchar(254) not null default 'notifications@stayhub.example', "max_guests_default" int not null default 4, "min_nights_default" int not null default 1, "max_nights_default" int not null default 30, "advance_booking_days" int not null default 365, "currency" varchar(10) not null default 'USD', "tax_rate" double precision not null default 17, "enable_exchange_rates" boolean not null default true, "enable_email_notifications" boolean not null default true, "enable_guest_registration" boolean not null default false, "enable_reviews" boolean not null default true, "updated_at" timestamptz not null default now(), primary key ("id"));`);

    this.addSql(`create table "users" ("id" serial primary key, "username" varchar(50) not null, "password" text not null, "email" varchar(254) not null, "name" varchar(100) null, "is_admin" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`create unique index "users_username_lower_idx" on "users" (lower("username"));`);
    this.addSql(`create unique index "users_email_lower_idx" on "users" (lower("email"));`);

    this.addSql(`create table "sessions" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "absolute_expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`create table "reviews" ("id" serial primary key, "user_id" int not null, "property_id" int not null, "rating" int not null, "comment" text not null, "user_image" text null, "user_name" varchar(100) not null, "date" timestamptz not null default now());`);
    this.addSql(`create index "reviews_user_id_index" on "reviews" ("user_id");`);
    this.addSql(`create index "reviews_property_date_idx" on "reviews" ("property_id", "date");`);

    this.addSql(`create table "bookings" ("id" serial primary key, "user_id" int null, "property_id" int not null, "check_in" date not null, "check_out" date not null, "guests" int not null, "total_price" int not null, "status" varchar(20) not null default 'pending', "contact_info" jsonb null, "nightly_price" int not null, "nights" int not null, "tax_rate" double precision not null, "tax_amount" int not null, "confirmation_number" varchar(12) not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "bookings_user_id_index" on "bookings" ("user_id");`);
    this.addSql(`alter table "bookings" add constraint "bookings_confirmation_number_unique" unique ("confirmation_number");`);
    this.addSql(`create index "bookings_created_idx" on "bookings" ("created_at");`);

    this.addSql(`alter table "properties" add constraint "properties_price_check" check (price >= 1);`);
    this.addSql(`alter table "properties" add constraint "properties_type_check" check (property_type in ('apartment', 'house', 'cabin', 'villa'));`);

    this.addSql(`alter table "settings" add constraint "settings_singleton" check (id = 1);`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "reviews" add constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_rating_check" check (rating between 1 and 5);`);

    this.addSql(`alter table "bookings" add constraint "bookings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete restrict;`);
    this.addSql(`alter table "bookings" add constraint "bookings_status_check" check (status in ('pending', 'confirmed', 'cancelled'));`);
    this.addSql(`alter table "bookings" add constraint "bookings_dates_check" check (check_out > check_in);`);
    this.addSql(`alter table "bookings" add constraint "bookings_guests_check" check (guests >= 1);`);
    this.addSql(`alter table "bookings" add constraint "bookings_no_overlap" exclude using gist (property_id with =, daterange(check_in, check_out, '[)') with &&) where (status in ('pending', 'confirmed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "reviews" drop constraint "reviews_property_id_foreign";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_property_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_user_id_foreign";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_user_id_foreign";`);

    this.addSql(`drop table if exists "categories" cascade;`);
    this.addSql(`drop table if exists "properties" cascade;`);
    this.addSql(`drop table if exists "rate_limits" cascade;`);
    this.addSql(`drop table if exists "settings" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "reviews" cascade;`);
    this.addSql(`drop table if exists "bookings" cascade;`);
  }

}
