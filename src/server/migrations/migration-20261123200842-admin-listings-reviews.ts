import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200842_admin_listings_reviews extends Migration {

  override name = 'Migration20261123200842_admin_listings_reviews';

  override up(): void | Promise<void> {
    this.addSql(`create index "properties_title_trgm_idx" on "properties" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index "properties_live_title_idx" on "properties" ("title", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_live_location_idx" on "properties" ("location", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_live_price_idx" on "properties" ("price", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_live_bedrooms_idx" on "properties" ("bedrooms", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_live_bathrooms_idx" on "properties" ("bathrooms", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_live_max_guests_idx" on "properties" ("max_guests", "id") where "archived_at" is null;`);
    this.addSql(`create index "properties_live_type_idx" on "properties" ("property_type", "id") where "archived_at" is null;`);

    this.addSql(`create index "reviews_date_id_idx" on "reviews" ("date", "id");`);
    this.addSql(`create index "reviews_rating_date_id_idx" on "reviews" ("rating", "date", "id");`);
    this.addSql(`create index "reviews_user_name_trgm_idx" on "reviews" using gin ("user_name" gin_trgm_ops);`);

    // Running totals of reviews by rating (admin-counter.entity.ts), kept as bookings' are.
    this.addSql(`create function reviews_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform admin_counter_add('reviews:' || rating, count(*), 0) from new_rows group by rating;
      elsif tg_op = 'DELETE' then
        perform admin_counter_add('reviews:' || rating, -count(*), 0) from old_rows group by rating;
      else
        perform admin_counter_add('reviews:' || rating, sum(dn), 0)
           from (select rating, 1 as dn from new_rows union all select rating, -1 from old_rows) d
          group by rating having sum(dn) <> 0;
      end if;
      return null;
    end $$;`);
    this.addSql(`create trigger reviews_count_insert after insert on reviews referencing new table as new_rows for each statement execute function reviews_count();`);
    this.addSql(`create trigger reviews_count_update after update on reviews referencing old table as old_rows new table as new_rows for each statement execute function reviews_count();`);
    this.addSql(`create trigger reviews_count_delete after delete on reviews referencing old table as old_rows for each statement execute function reviews_count();`);
    this.addSql(`create trigger reviews_count_truncate after truncate on reviews for each statement execute function admin_counters_truncated('reviews:%');`);
    this.addSql(`insert into admin_counters (name, shard, n, amount) select 'reviews:' || rating, 0, count(*), 0 from reviews group by rating;`);
  }

  override down(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger reviews_count_${event} on reviews;`);
    this.addSql(`drop function reviews_count();`);
    this.addSql(`delete from admin_counters where name like 'reviews:%';`);
    this.addSql(`drop index "properties_title_trgm_idx";`);
    this.addSql(`drop index "properties_live_title_idx";`);
    this.addSql(`drop index "properties_live_location_idx";`);
    this.addSql(`drop index "properties_live_price_idx";`);
    this.addSql(`drop index "properties_live_bedrooms_idx";`);
    this.addSql(`drop index "properties_live_bathrooms_idx";`);
    this.addSql(`drop index "properties_live_max_guests_idx";`);
    this.addSql(`drop index "properties_live_type_idx";`);

    this.addSql(`drop index "reviews_date_id_idx";`);
    this.addSql(`drop index "reviews_rating_date_id_idx";`);
    this.addSql(`drop index "reviews_user_name_trgm_idx";`);
  }

}
