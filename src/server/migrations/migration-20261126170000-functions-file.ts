import { readFileSync } from 'node:fs';
import { Migration } from '@mikro-orm/migrations';

/** The schema's functions and triggers, as sql/functions.sql defines them. */
export function functionsSql(): string {
  return readFileSync(new URL('./sql/functions.sql', import.meta.url), 'utf8');
}

export class Migration20261126170000_functions_file extends Migration {

  override name = 'Migration20261126170000_functions_file';

  /**
   * Makes sql/functions.sql the source of every function and trigger: each of its statements replaces what
   * an earlier migration created, with the same definition, so loading it changes no behaviour.
   */
  override up(): void | Promise<void> {
    this.addSql(functionsSql());
  }

  /** The definitions are the ones in place before: nothing to undo. */
  override down(): void | Promise<void> {}

}
