import { Migration } from '@mikro-orm/migrations';

export class Migration20261126222020_operator_bookings extends Migration {

  override name = 'Migration20261126222020_operator_bookings';

  override up(): void | Promise<void> {
    this.addSql(`alter table "bookings" add "source" varchar(20) not null default 'website', add "source_detail" varchar(200) null, add "price_override_reason" varchar(500) null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_source_check" check (source in ('website', 'phone', 'walk_in', 'owner'));`);
    this.addSql(`create table "booking_change_requests" (
      "id" serial primary key,
      "created_at" timestamptz not null default now(),
      "booking_id" int not null,
      "check_in" date not null,
      "check_out" date not null,
      "guests" smallint not null,
      "children" smallint not null default 0,
      "infants" smallint not null default 0,
      "pets" smallint not null default 0,
      "message" varchar(1000) null,
      "status" varchar(20) not null default 'pending',
      "decided_at" timestamptz null,
      "decided_by" varchar(100) null,
      "decline_reason" varchar(500) null,
      constraint "booking_change_requests_status_check" check (status in ('pending', 'accepted', 'declined')),
      constraint "booking_change_requests_dates_check" check (check_out > check_in)
    );`);
    this.addSql(`alter table "booking_change_requests" add constraint "booking_change_requests_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "booking_change_requests_booking_id_index" on "booking_change_requests" ("booking_id");`);
    this.addSql(`create unique index "booking_change_requests_one_pending" on "booking_change_requests" ("booking_id") where status = 'pending';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "booking_change_requests" cascade;`);
    this.addSql(`alter table "bookings" drop constraint "bookings_source_check";`);
    this.addSql(`alter table "bookings" drop column "source", drop column "source_detail", drop column "price_override_reason";`);
  }

}
