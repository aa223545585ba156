import { Migration } from '@mikro-orm/migrations';

export class Migration20261123213408_admin_city_filter extends Migration {

  override name = 'Migration20261123213408_admin_city_filter';

  override up(): void | Promise<void> {
    this.addSql(`create index "properties_city_idx" on "properties" ((lower(split_part("location", ',', 1))));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "properties_city_idx";`);
  }

}
