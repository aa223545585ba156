import { Migration } from '@mikro-orm/migrations';

export class Migration20261127080010_report_indexes extends Migration {

  override name = 'Migration20261127080010_report_indexes';

  override up(): void | Promise<void> {
    // The business reports read these alone (docs/staff.md#reports): the stays of a range by check-in with
    // every column the months, the pace and the arrivals need, and the holding stays in home order, so the
    // nights and revenue by home are summed as the index is read, with no hash table over every home.
    this.addSql(`create index "bookings_report_stays_idx" on "bookings" ("check_in") include ("check_out", "status", "total_price", "created_at", "property_id", "source");`);
    this.addSql(`create index "bookings_holding_home_idx" on "bookings" ("property_id") include ("check_in", "check_out", "total_price") where "status" in ('pending', 'confirmed');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "bookings_report_stays_idx";`);
    this.addSql(`drop index "bookings_holding_home_idx";`);
  }

}
