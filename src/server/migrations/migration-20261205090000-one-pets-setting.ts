import { Migration } from '@mikro-orm/migrations';

export class Migration20261205090000_one_pets_setting extends Migration {

  override name = 'Migration20261205090000_one_pets_setting';

  /**
   * A home's one pets setting is its 'Pets allowed' amenity (docs/features.md#pets). A home that allowed
   * pets in either place allows them afterwards: an operator who ticked either one meant it, while an
   * unticked switch was usually only its default. Then the pricing's own switch goes.
   */
  override up(): void | Promise<void> {
    this.addSql(`update "properties" p set "amenities" = array_append(p."amenities", 'Pets allowed')
      from "property_pricing" pp
     where pp."property_id" = p."id" and pp."pets_allowed" and not (p."amenities" @> array['Pets allowed']::text[]);`);
    this.addSql(`alter table "property_pricing" drop column "pets_allowed";`);
  }

  /** The switch comes back, on for every home whose amenity allows pets (a home without pricing gets its row). */
  override down(): void | Promise<void> {
    this.addSql(`alter table "property_pricing" add column "pets_allowed" boolean not null default false;`);
    this.addSql(`update "property_pricing" pp set "pets_allowed" = true
      from "properties" p where p."id" = pp."property_id" and p."amenities" @> array['Pets allowed']::text[];`);
    this.addSql(`insert into "property_pricing" ("property_id", "pets_allowed")
    select p."id", true from "properties" p
     where p."amenities" @> array['Pets allowed']::text[]
       and not exists (select 1 from "property_pricing" pp where pp."property_id" = p."id");`);
  }

}
