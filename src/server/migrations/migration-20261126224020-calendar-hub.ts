import { Migration } from '@mikro-orm/migrations';

export class Migration20261126224020_calendar_hub extends Migration {

  override name = 'Migration20261126224020_calendar_hub';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ical_feeds" add "export_imported" boolean not null default true;`);
    this.addSql(`alter table "external_events" add "link" varchar(500) null;`);
    this.addSql(`alter table "settings" add "ical_sync_minutes" smallint not null default 15;`);
    this.addSql(`alter table "settings" add constraint "settings_ical_sync_minutes_check" check (ical_sync_minutes between 5 and 1440);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "settings" drop constraint "settings_ical_sync_minutes_check";`);
    this.addSql(`alter table "settings" drop column "ical_sync_minutes";`);
    this.addSql(`alter table "external_events" drop column "link";`);
    this.addSql(`alter table "ical_feeds" drop column "export_imported";`);
  }

}
