import { Migration } from '@mikro-orm/migrations';

/** The functions and triggers this migration added or changed, as they were written when it was made (the rest stand as earlier migrations left them). */
const FUNCTIONS = String.raw`
-- Every pending or confirmed booking has its turnover task (docs/staff.md#housekeeping), written in the
-- booking's own statement, whatever code writes the booking: a new stay makes it (assigned to the home's
-- default housekeeper), a moved stay moves it (a move to another home takes that home's default), and a
-- cancelled or deleted stay removes it. A new due date may be late again, so it may be alerted again.
create or replace function bookings_turnover_task() returns trigger language plpgsql as $$
  declare
    held_before boolean := tg_op <> 'INSERT' and old.status in ('pending', 'confirmed');
    held_after boolean := tg_op <> 'DELETE' and new.status in ('pending', 'confirmed');
  begin
    if held_after then
      if held_before and (old.check_out, old.property_id) is not distinct from (new.check_out, new.property_id) then
        return null;
      end if;
      insert into housekeeping_tasks (property_id, booking_id, due_date, assignee_id)
      values (new.property_id, new.id, new.check_out,
              (select d.user_id from housekeeping_defaults d where d.property_id = new.property_id))
      on conflict (booking_id) do update
        set due_date = excluded.due_date,
            property_id = excluded.property_id,
            assignee_id = case when housekeeping_tasks.property_id = excluded.property_id
                               then housekeeping_tasks.assignee_id else excluded.assignee_id end,
            alerted_at = null;
    elsif held_before then
      delete from housekeeping_tasks where booking_id = old.id;
    end if;
    return null;
  end $$;

create or replace trigger bookings_turnover_task
  after insert or update of status, check_out, property_id or delete on bookings
  for each row execute function bookings_turnover_task();
`;

export class Migration20261126224030_housekeeping extends Migration {

  override name = 'Migration20261126224030_housekeeping';

  /** Turnover tasks and each home's default housekeeper; bookings_turnover_task (above) keeps the tasks. */
  override up(): void | Promise<void> {
    this.addSql(`create table "housekeeping_tasks" ("id" serial primary key, "property_id" int not null, "booking_id" int not null, "due_date" date not null, "assignee_id" int null, "status" varchar(20) not null default 'todo', "note" text null, "photos" text[] not null default '{}', "problem" text null, "started_at" timestamptz null, "done_at" timestamptz null, "alerted_at" timestamptz null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_booking_id_unique" unique ("booking_id");`);
    this.addSql(`create index "housekeeping_tasks_assignee_id_index" on "housekeeping_tasks" ("assignee_id");`);
    this.addSql(`create index "housekeeping_tasks_property_due_idx" on "housekeeping_tasks" ("property_id", "due_date");`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_status_check" check (status in ('todo', 'in_progress', 'done', 'problem'));`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeping_tasks" add constraint "housekeeping_tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create table "housekeeping_defaults" ("property_id" int not null, "user_id" int not null, constraint "housekeeping_defaults_pkey" primary key ("property_id"));`);
    this.addSql(`create index "housekeeping_defaults_user_id_index" on "housekeeping_defaults" ("user_id");`);
    this.addSql(`alter table "housekeeping_defaults" add constraint "housekeeping_defaults_property_id_foreign" foreign key ("property_id") references "properties" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "housekeeping_defaults" add constraint "housekeeping_defaults_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(FUNCTIONS);
    // Stays already on the books get their turnover too.
    this.addSql(`insert into "housekeeping_tasks" ("property_id", "booking_id", "due_date")
      select property_id, id, check_out from bookings where status in ('pending', 'confirmed') and check_out >= current_date
      on conflict do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists bookings_turnover_task on bookings;');
    this.addSql('drop function if exists bookings_turnover_task();');
    this.addSql(`drop table if exists "housekeeping_defaults" cascade;`);
    this.addSql(`drop table if exists "housekeeping_tasks" cascade;`);
  }

}
