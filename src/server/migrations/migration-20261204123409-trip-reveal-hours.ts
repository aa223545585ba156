import { Migration } from '@mikro-orm/migrations';

export class Migration20261204123409_trip_reveal_hours extends Migration {

  override name = 'Migration20261204123409_trip_reveal_hours';

  /** The trip page shows a home's check-in instructions from this many hours before arrival (48 unless set). */
  override up(): void | Promise<void> {
    this.addSql(`alter table "home_guides" add column "reveal_hours_before" int not null default 48;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "home_guides" drop column "reveal_hours_before";`);
  }

}
