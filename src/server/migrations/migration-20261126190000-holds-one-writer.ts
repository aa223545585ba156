import { Migration } from '@mikro-orm/migrations';
import { functionsSql } from './migration-20261126170000-functions-file.ts';

export class Migration20261126190000_holds_one_writer extends Migration {

  override name = 'Migration20261126190000_holds_one_writer';

  /** Adds date_holds_one_writer (sql/functions.sql): clashing holds of one home are written in turn. */
  override up(): void | Promise<void> {
    this.addSql(functionsSql());
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists date_holds_one_writer on date_holds;');
    this.addSql('drop function if exists date_holds_one_writer();');
  }

}
