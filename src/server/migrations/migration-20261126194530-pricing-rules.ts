import { Migration } from '@mikro-orm/migrations';

export class Migration20261126194530_pricing_rules extends Migration {

  override name = 'Migration20261126194530_pricing_rules';

  override up(): void | Promise<void> {
    this.addSql(`create table "property_pricing" (
      "id" serial primary key,
      "created_at" timestamptz not null default now(),
      "property_id" int not null,
      "cleaning_fee" int null,
      "extra_guest_fee" int null,
      "extra_guests_above" int null,
      "pet_fee" int null,
      "pets_allowed" boolean not null default false,
      "weekly_discount" smallint null,
      "monthly_discount" smallint null,
      "last_minute_discount" smallint null,
      "last_minute_days" smallint null,
      "early_bird_discount" smallint null,
      "early_bird_days" smallint null,
      "tourist_tax_per_person" int null,
      "tourist_tax_percent" numeric(5,2) null,
      "max_nights" smallint null,
      "check_in_days" smallint[] not null default '{}',
      "check_out_days" smallint[] not null default '{}',
      constraint "property_pricing_fees_check" check (coalesce(cleaning_fee, 0) >= 0 and coalesce(extra_guest_fee, 0) >= 0 and coalesce(pet_fee, 0) >= 0 and coalesce(tourist_tax_per_person, 0) >= 0),
      constraint "property_pricing_discounts_check" check (coalesce(weekly_discount, 0) between 0 and 100 and coalesce(monthly_discount, 0) between 0 and 100 and coalesce(last_minute_discount, 0) between 0 and 100 and coalesce(early_bird_discount, 0) between 0 and 100 and coalesce(tourist_tax_percent, 0) between 0 and 100)
    );`);
    this.addSql(`alter table "property_pricing" add constraint "property_pricing_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "property_pricing" add constraint "property_pricing_property_id_unique" unique ("property_id");`);
    this.addSql(`alter table "bookings" add "price_lines" jsonb null, add "children" smallint not null default 0, add "infants" smallint not null default 0, add "pets" smallint not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "bookings" drop column "price_lines", drop column "children", drop column "infants", drop column "pets";`);
    this.addSql(`drop table if exists "property_pricing" cascade;`);
  }

}
