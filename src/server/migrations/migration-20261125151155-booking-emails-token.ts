import { Migration } from '@mikro-orm/migrations';

export class Migration20261125151155_booking_emails_token extends Migration {

  override name = 'Migration20261125151155_booking_emails_token';

  override up(): void | Promise<void> {
    this.addSql(`alter table "bookings" add "emails_token" varchar(32) null;`);
    this.addSql(`create index "bookings_emails_pending_idx" on "bookings" ("created_at") where "emails_token" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "bookings_emails_pending_idx";`);
    this.addSql(`alter table "bookings" drop column "emails_token";`);
  }

}
