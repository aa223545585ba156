import { Migration } from '@mikro-orm/migrations';

export class Migration20261123194952_search_filters_map extends Migration {

  override name = 'Migration20261123194952_search_filters_map';

  override up(): void | Promise<void> {
    this.addSql(`create index "properties_price_id_idx" on "properties" ("price", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_rating_id_idx" on "properties" ((coalesce("rating", 0)), "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_amenities_idx" on "properties" using gin ("amenities");`);
    this.addSql(`create index "properties_geo_idx" on "properties" using gist ((point("longitude"::float8, "latitude"::float8))) where "archived_at" is null and "latitude" is not null and "longitude" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "properties_price_id_idx";`);
    this.addSql(`drop index "properties_rating_id_idx";`);
    this.addSql(`drop index "properties_amenities_idx";`);
    this.addSql(`drop index "properties_geo_idx";`);
  }

}
