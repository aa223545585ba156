import { Migration } from '@mikro-orm/migrations';

export class Migration20261204130200_export_only_channels extends Migration {

  override name = 'Migration20261204130200_export_only_channels';

  /** A channel with no URL only reads our calendar: nothing is imported from it (docs/features.md#calendar-hub). */
  override up(): void | Promise<void> {
    this.addSql(`alter table "ical_feeds" alter column "url" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "ical_feeds" where "url" is null;`);
    this.addSql(`alter table "ical_feeds" alter column "url" set not null;`);
  }

}
