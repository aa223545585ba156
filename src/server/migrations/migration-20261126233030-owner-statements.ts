import { Migration } from '@mikro-orm/migrations';

export class Migration20261126233030_owner_statements extends Migration {

  override name = 'Migration20261126233030_owner_statements';

  /** Each home's owner and commission (docs/owner-statements.md). */
  override up(): void | Promise<void> {
    this.addSql(`create table "home_owners" ("property_id" int not null, "user_id" int not null, "commission_percent" double precision not null, constraint "home_owners_pkey" primary key ("property_id"), constraint home_owners_commission_check check (commission_percent >= 0 and commission_percent <= 100));`);
    this.addSql(`create index "home_owners_user_id_index" on "home_owners" ("user_id");`);
    this.addSql(`alter table "home_owners" add constraint "home_owners_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "home_owners" add constraint "home_owners_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "home_owners" cascade;`);
  }

}
