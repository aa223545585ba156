import { Migration } from '@mikro-orm/migrations';

export class Migration20261205110000_online_check_in extends Migration {

  override name = 'Migration20261205110000_online_check_in';

  /**
   * Online check-in (docs/check-in.md): each home's settings (ID, rental agreement, door codes, reminder),
   * and each stay's check-in with its door code, the signed agreement's exact text and the private ID
   * photo's name until it is deleted (docs/privacy.md).
   */
  override up(): void | Promise<void> {
    this.addSql(`create table "home_check_in_settings" (
      "property_id" int not null primary key references "properties" ("id") on delete cascade,
      "require_id" boolean not null default false,
      "agreement" text null,
      "reveal_hours_before" int not null default 24,
      "door_codes" jsonb not null default '[]',
      "door_code_length" int not null default 6,
      "reminder_days_before" int not null default 3,
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "booking_check_ins" (
      "booking_id" int not null primary key references "bookings" ("id") on delete cascade,
      "door_code" varchar(12) not null,
      "code_assigned_at" timestamptz not null default now(),
      "code_shown_at" timestamptz null,
      "reminder_sent_at" timestamptz null,
      "checked_in_at" timestamptz null,
      "arrival_time" varchar(5) null,
      "adults" jsonb null,
      "phone" varchar(40) null,
      "id_photo" varchar(100) null,
      "id_photo_deleted_at" timestamptz null,
      "agreement_text" text null,
      "signed_name" varchar(200) null,
      "signed_at" timestamptz null,
      "signed_ip" varchar(64) null
    );`);
    // The deletion job reads the photos still kept, and nothing else.
    this.addSql(`create index "booking_check_ins_id_photo_index" on "booking_check_ins" ("booking_id") where "id_photo" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "booking_check_ins";`);
    this.addSql(`drop table if exists "home_check_in_settings";`);
  }

}
