import { Migration } from '@mikro-orm/migrations';

/** The functions and triggers this migration added or changed, as they were written when it was made (the rest stand as earlier migrations left them). */
const FUNCTIONS = String.raw`
-- Holds of one home are written one transaction at a time: a hold first takes its home's advisory lock,
-- kept until its transaction ends. Without it, concurrent holds that clash each see the other's uncommitted
-- row in date_holds_no_overlap and wait for it: a deadlock that PostgreSQL breaks only after deadlock_timeout
-- (1 s), and 30 guests racing for the same dates queued for minutes behind such deadlocks. With it, the next
-- writer sees the committed hold and hears 23P01 at once.
create or replace function date_holds_one_writer() returns trigger language plpgsql as $$
  begin
    perform pg_advisory_xact_lock(727003, new.property_id);
    return new;
  end $$;

create or replace trigger date_holds_one_writer
  before insert or update of property_id, start_date, end_date on date_holds
  for each row execute function date_holds_one_writer();
`;

export class Migration20261126190000_holds_one_writer extends Migration {

  override name = 'Migration20261126190000_holds_one_writer';

  /** Adds date_holds_one_writer (above): clashing holds of one home are written in turn. */
  override up(): void | Promise<void> {
    this.addSql(FUNCTIONS);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists date_holds_one_writer on date_holds;');
    this.addSql('drop function if exists date_holds_one_writer();');
  }

}
