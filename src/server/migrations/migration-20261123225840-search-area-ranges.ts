import { Migration } from '@mikro-orm/migrations';

export class Migration20261123225840_search_area_ranges extends Migration {

  override name = 'Migration20261123225840_search_area_ranges';

  override up(): void | Promise<void> {
    this.addSql(`create index "properties_lat_idx" on "properties" (("latitude"::float8));`);
    this.addSql(`create index "properties_lng_idx" on "properties" (("longitude"::float8));`);
    // How many listed homes a map box holds, counted up to `cap` (property-search.ts, isDenseArea). The planner
    // guesses a handful of homes in any box, so it would collect a large box's every home into a bitmap before
    // counting; with bitmap scans off the GiST index scan stops at the cap.
    this.addSql(`create function properties_in_box(area box, cap int) returns int language sql stable
      set enable_bitmapscan = off as $$
      select count(*)::int from (
        select 1 from properties p
         where p.archived_at is null and p.latitude is not null and p.longitude is not null
           and point(p.longitude::float8, p.latitude::float8) <@ area
         limit cap) t
    $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function properties_in_box(box, int);`);
    this.addSql(`drop index "properties_lat_idx";`);
    this.addSql(`drop index "properties_lng_idx";`);
  }

}
