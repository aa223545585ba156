import { Migration } from '@mikro-orm/migrations';

export class Migration20261126194120_messaging extends Migration {

  override name = 'Migration20261126194120_messaging';

  /** Guest messaging and automated messages (docs/messaging.md). */
  override up(): void | Promise<void> {
    this.addSql(`create table "conversations" ("id" serial primary key, "created_at" timestamptz not null default now(), "booking_id" int null, "property_id" int not null, "guest_name" varchar(100) not null, "guest_email" varchar(254) not null, "inquiry_check_in" date null, "inquiry_check_out" date null, "inquiry_guests" int null, "last_message_at" timestamptz not null default now());`);
    this.addSql(`alter table "conversations" add constraint "conversations_booking_id_unique" unique ("booking_id");`);
    this.addSql(`create index "conversations_property_id_index" on "conversations" ("property_id");`);
    this.addSql(`create index "conversations_last_message_idx" on "conversations" ("last_message_at", "id");`);
    this.addSql(`create index "conversations_open_inquiry_idx" on "conversations" ("property_id", lower("guest_email")) where "booking_id" is null;`);
    this.addSql(`alter table "conversations" add constraint "conversations_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "conversations" add constraint "conversations_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);

    this.addSql(`create table "conversation_links" ("id" varchar(64) not null, "conversation_id" int not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, constraint "conversation_links_pkey" primary key ("id"));`);
    this.addSql(`create index "conversation_links_conversation_id_index" on "conversation_links" ("conversation_id");`);
    this.addSql(`alter table "conversation_links" add constraint "conversation_links_conversation_id_foreign" foreign key ("conversation_id") references "conversations" ("id") on delete cascade;`);

    this.addSql(`create table "messages" ("id" serial primary key, "created_at" timestamptz not null default now(), "conversation_id" int not null, "sender" varchar(12) not null, "author_name" varchar(100) not null, "body" text not null, "read_at" timestamptz null, constraint messages_sender_check check (sender in ('guest', 'operator', 'automated')));`);
    this.addSql(`create index "messages_conversation_id_idx" on "messages" ("conversation_id", "id");`);
    this.addSql(`create index "messages_unread_by_operator_idx" on "messages" ("conversation_id") where "sender" = 'guest' and "read_at" is null;`);
    this.addSql(`alter table "messages" add constraint "messages_conversation_id_foreign" foreign key ("conversation_id") references "conversations" ("id") on delete cascade;`);

    this.addSql(`create table "message_templates" ("id" serial primary key, "created_at" timestamptz not null default now(), "name" varchar(100) not null, "trigger" varchar(30) not null, "offset_days" int not null default 0, "send_time" varchar(5) null, "body" text not null, "enabled" boolean not null default true, "updated_at" timestamptz not null default now(), constraint message_templates_trigger_check check (trigger in ('manual', 'booking_created', 'booking_confirmed', 'booking_cancelled', 'days_before_check_in', 'check_in_day', 'day_before_check_out', 'days_after_check_out')));`);

    this.addSql(`create table "scheduled_messages" ("id" serial primary key, "created_at" timestamptz not null default now(), "booking_id" int not null, "template_id" int not null, "due_at" timestamptz not null, "status" varchar(12) not null default 'scheduled', "sent_at" timestamptz null, "message_id" int null, constraint scheduled_messages_status_check check (status in ('scheduled', 'sent', 'cancelled')));`);
    this.addSql(`alter table "scheduled_messages" add constraint "scheduled_messages_booking_template_key" unique ("booking_id", "template_id");`);
    this.addSql(`create index "scheduled_messages_due_idx" on "scheduled_messages" ("due_at") where "status" = 'scheduled';`);
    this.addSql(`alter table "scheduled_messages" add constraint "scheduled_messages_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "scheduled_messages" add constraint "scheduled_messages_template_id_foreign" foreign key ("template_id") references "message_templates" ("id") on delete cascade;`);
    this.addSql(`alter table "scheduled_messages" add constraint "scheduled_messages_message_id_foreign" foreign key ("message_id") references "messages" ("id") on delete set null;`);

    this.addSql(`create table "home_guides" ("property_id" int not null, "check_in_time" varchar(5) null, "check_out_time" varchar(5) null, "check_in_instructions" text null, "door_code" varchar(100) null, "wifi_name" varchar(100) null, "wifi_password" varchar(100) null, "house_rules" text null, "private_from_days" int not null default 1, constraint "home_guides_pkey" primary key ("property_id"));`);
    this.addSql(`alter table "home_guides" add constraint "home_guides_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "home_guides" cascade;`);
    this.addSql(`drop table if exists "scheduled_messages" cascade;`);
    this.addSql(`drop table if exists "message_templates" cascade;`);
    this.addSql(`drop table if exists "messages" cascade;`);
    this.addSql(`drop table if exists "conversation_links" cascade;`);
    this.addSql(`drop table if exists "conversations" cascade;`);
  }

}
