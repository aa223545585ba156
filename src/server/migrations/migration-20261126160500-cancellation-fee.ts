import { Migration } from '@mikro-orm/migrations';

export class Migration20261126160500_cancellation_fee extends Migration {

  override name = 'Migration20261126160500_cancellation_fee';

  override up(): void | Promise<void> {
    this.addSql(`alter table "bookings" add "cancellation_fee" integer null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "bookings" drop column "cancellation_fee";`);
  }

}
