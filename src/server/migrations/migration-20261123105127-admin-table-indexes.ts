import { Migration } from '@mikro-orm/migrations';

export class Migration20261123105127_admin_table_indexes extends Migration {

  override name = 'Migration20261123105127_admin_table_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "users_search_trgm_idx" on "users" using gin ((lower(username || ' ' || email || ' ' || coalesce(name, ''))) gin_trgm_ops);`);

    this.addSql(`create index "bookings_status_created_idx" on "bookings" ("status", "created_at");`);
    this.addSql(`create index "bookings_check_in_idx" on "bookings" ("check_in");`);
    this.addSql(`create index "bookings_check_out_idx" on "bookings" ("check_out");`);
    this.addSql(`create index "bookings_property_check_in_idx" on "bookings" ("property_id", "check_in");`);
    this.addSql(`create index "bookings_search_trgm_idx" on "bookings" using gin ((lower(coalesce(contact_info->>'name', '') || ' ' || coalesce(contact_info->>'email', '') || ' ' || confirmation_number)) gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "bookings_status_created_idx";`);
    this.addSql(`drop index "bookings_check_in_idx";`);
    this.addSql(`drop index "bookings_check_out_idx";`);
    this.addSql(`drop index "bookings_property_check_in_idx";`);
    this.addSql(`drop index "bookings_search_trgm_idx";`);

    this.addSql(`drop index "users_search_trgm_idx";`);
  }

}
