import { Migration } from '@mikro-orm/migrations';

export class Migration20261204120000_ledger_adjustment_index extends Migration {

  override name = 'Migration20261204120000_ledger_adjustment_index';

  /** The reports read adjustments as other revenue: a small index of them alone, by booking. */
  override up(): void | Promise<void> {
    this.addSql(`create index "ledger_lines_adjustments_idx" on "ledger_lines" ("booking_id") include ("amount") where "kind" = 'adjustment';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ledger_lines_adjustments_idx";`);
  }

}
