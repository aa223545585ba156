import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090010_report_statistics extends Migration {

  override name = 'Migration20261127090010_report_statistics';

  override up(): void | Promise<void> {
    // The reports group a range's stays by their (check-in, check-out) pair, and the arrivals by source,
    // status, length and lead time (docs/staff.md#reports). Without these statistics PostgreSQL guesses
    // tens of thousands of groups where there are a few thousand, and so never splits the scan over its
    // parallel workers.
    this.addSql(`create statistics "bookings_stay_pairs" (ndistinct) on "check_in", "check_out" from "bookings";`);
    this.addSql(`create statistics "bookings_report_groups" (ndistinct) on "source", "status", ("check_out" - "check_in"), ("check_in" - ("created_at" at time zone 'UTC')::date) from "bookings";`);
    this.addSql(`analyze "bookings";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop statistics "bookings_report_groups";`);
    this.addSql(`drop statistics "bookings_stay_pairs";`);
  }

}
