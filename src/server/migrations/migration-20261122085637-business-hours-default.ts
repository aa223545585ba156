import { Migration } from '@mikro-orm/migrations';

export class Migration20261122085637_business_hours_default extends Migration {

  override name = 'Migration20261122085637_business_hours_default';

  override up(): void | Promise<void> {
    this.addSql(`alter table "settings" alter column "business_hours" set default 'Open 24/7';`);
    this.addSql(`update "settings" set "business_hours" = 'Open 24/7' where "business_hours" = '24/7';`);

  }

  override down(): void | Promise<void> {

    this.addSql(`alter table "settings" alter column "business_hours" set default '24/7';`);
  }

}
