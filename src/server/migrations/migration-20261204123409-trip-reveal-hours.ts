import { Migration } from '@mikro-orm/migrations';

const OLD_BANK = 'Pay by bank transfer to StayHub Ltd, IBAN GB00 STAY 0000 0000 0000 00, quoting your BIC number.';
const NEW_BANK = 'Pay by bank transfer to StayHub Ltd, IBAN GB00 STAY 0000 0000 0000 00, quoting your confirmation number.';

export class Migration20261204123409_trip_reveal_hours extends Migration {

  override name = 'Migration20261204123409_trip_reveal_hours';

  /**
   * The trip page shows a home's check-in instructions from this many hours before arrival (48 unless set).
   * The guest's number has one name, 'confirmation number': the default bank text says so, and so does a
   * stored text the operator never changed.
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "home_guides" add column "reveal_hours_before" int not null default 48;`);
    this.addSql(`alter table "payment_settings" alter column "bank_instructions" set default '${NEW_BANK}';`);
    this.addSql(`update "payment_settings" set "bank_instructions" = '${NEW_BANK}' where "bank_instructions" = '${OLD_BANK}';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "home_guides" drop column "reveal_hours_before";`);
    this.addSql(`alter table "payment_settings" alter column "bank_instructions" set default '${OLD_BANK}';`);
    this.addSql(`update "payment_settings" set "bank_instructions" = '${OLD_BANK}' where "bank_instructions" = '${NEW_BANK}';`);
  }

}
