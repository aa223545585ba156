import { Migration } from '@mikro-orm/migrations';

const COLUMNS = ['booking_id', 'block_id', 'external_event_id'];

export class Migration20261126063000_lean_hold_uniques extends Migration {

  override name = 'Migration20261126063000_lean_hold_uniques';

  override up(): void | Promise<void> {
    // A hold has one source, so two of its three source columns are null, and a unique constraint indexes
    // the nulls too: a booking's hold wrote three index entries where one says everything. Partial unique
    // indexes keep the same rule (nulls never clash) and leave the nulls out.
    for (const c of COLUMNS) {
      this.addSql(`alter table "date_holds" drop constraint "date_holds_${c}_unique";`);
      this.addSql(`create unique index "date_holds_${c}_unique" on "date_holds" ("${c}") where "${c}" is not null;`);
    }
  }

  override down(): void | Promise<void> {
    for (const c of COLUMNS) {
      this.addSql(`drop index "date_holds_${c}_unique";`);
      this.addSql(`alter table "date_holds" add constraint "date_holds_${c}_unique" unique ("${c}");`);
    }
  }

}
