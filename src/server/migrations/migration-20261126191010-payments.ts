import { Migration } from '@mikro-orm/migrations';

/** The functions and triggers this migration added or changed, as they were written when it was made (the rest stand as earlier migrations left them). */
const FUNCTIONS = String.raw`
-- A booking's payment schedule is snapshot in the booking's own statement (docs/payments.md#snapshot), from
-- the operator's payment settings as they are then: the deposit (a percentage of the total, due at
-- booking) and the balance (due balance_days_before the check-in; a stay that starts sooner is due in full at
-- booking). Amounts are cents of the booking's whole-dollar total.
create or replace function payment_plan_snapshot(b bookings, made_at timestamptz) returns void language plpgsql as $$
  declare
    s record;
    total integer := b.total_price * 100;
    due_on date;
    deposit integer;
  begin
    select * into s from payment_settings where id = 1;
    if not found then
      insert into payment_settings (id) values (1) on conflict (id) do nothing;
      select * into s from payment_settings where id = 1;
    end if;
    due_on := b.check_in - s.balance_days_before;
    if s.deposit_percent >= 100 or due_on <= made_at::date then
      deposit := total;
      due_on := null;
    else
      deposit := round(total * s.deposit_percent / 100.0)::integer;
    end if;
    insert into payment_plans (booking_id, currency, total_amount, deposit_amount, deposit_percent, balance_amount,
                               balance_due_on, methods, bank_instructions, deposit_deadline_at, deadline_action, created_at)
    values (b.id, 'USD', total, deposit, s.deposit_percent, total - deposit, due_on,
            array_remove(array[case when s.offer_card then 'card' end,
                               case when s.offer_bank_transfer then 'bank_transfer' end,
                               case when s.offer_pay_on_arrival then 'pay_on_arrival' end], null),
            s.bank_instructions,
            case when s.deposit_deadline_hours > 0 and deposit > 0
                 then made_at + make_interval(hours => s.deposit_deadline_hours) end,
            s.deposit_deadline_action, made_at)
    on conflict (booking_id) do nothing;
  end $$;

create or replace function bookings_payment_plan() returns trigger language plpgsql as $$
  begin
    perform payment_plan_snapshot(new, now());
    return null;
  end $$;

create or replace trigger bookings_payment_plan
  after insert on bookings
  for each row execute function bookings_payment_plan();
`;

export class Migration20261126191010_payments extends Migration {

  override name = 'Migration20261126191010_payments';

  /** Payments (docs/payments.md): the schedule, each booking's snapshot of it, the ledger and Stripe's event ids. */
  override up(): void | Promise<void> {
    this.addSql(`create table "payment_settings" ("id" int not null, "deposit_percent" int not null default 30, "balance_days_before" int not null default 30, "offer_card" boolean not null default true, "offer_bank_transfer" boolean not null default true, "bank_instructions" text not null default 'Pay by bank transfer to StayHub Ltd, IBAN GB00 STAY 0000 0000 0000 00, quoting your BIC number.', "offer_pay_on_arrival" boolean not null default false, "deposit_deadline_hours" int not null default 48, "deposit_deadline_action" varchar(10) not null default 'flag', "updated_at" timestamptz not null default now(), primary key ("id"), constraint payment_settings_singleton check (id = 1), constraint payment_settings_deposit_check check (deposit_percent between 0 and 100), constraint payment_settings_action_check check (deposit_deadline_action in ('cancel', 'flag')));`);
    this.addSql(`create table "payment_plans" ("booking_id" int not null, "currency" varchar(3) not null, "total_amount" int not null, "deposit_amount" int not null, "deposit_percent" int not null, "balance_amount" int not null, "balance_due_on" date null, "methods" text[] not null, "bank_instructions" text not null, "deposit_deadline_at" timestamptz null, "deadline_action" varchar(10) not null, "flagged_at" timestamptz null, "reminder_sent_at" timestamptz null, "final_notice_sent_at" timestamptz null, "created_at" timestamptz not null default now(), primary key ("booking_id"));`);
    this.addSql(`alter table "payment_plans" add constraint "payment_plans_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`create index "payment_plans_balance_due_idx" on "payment_plans" ("balance_due_on") where "balance_amount" > 0;`);
    this.addSql(`create index "payment_plans_deadline_idx" on "payment_plans" ("deposit_deadline_at") where "deposit_deadline_at" is not null and "flagged_at" is null;`);
    this.addSql(`create table "ledger_lines" ("id" serial primary key, "booking_id" int not null, "kind" varchar(10) not null, "method" varchar(20) not null, "amount" int not null, "currency" varchar(3) not null, "reference" varchar(200) null, "reason" varchar(500) null, "occurred_at" timestamptz not null, "recorded_by_id" int null, "recorded_by_name" varchar(100) not null, "dedupe_key" varchar(200) null, "stripe_payment_intent" varchar(100) null, "created_at" timestamptz not null default now(), constraint ledger_lines_kind_check check (kind in ('payment', 'refund')), constraint ledger_lines_method_check check (method in ('card', 'bank_transfer', 'cash', 'other')), constraint ledger_lines_amount_check check (amount > 0));`);
    this.addSql(`create index "ledger_lines_booking_id_index" on "ledger_lines" ("booking_id");`);
    this.addSql(`create index "ledger_lines_occurred_idx" on "ledger_lines" ("occurred_at", "id");`);
    this.addSql(`create unique index "ledger_lines_dedupe_idx" on "ledger_lines" ("booking_id", "dedupe_key") where "dedupe_key" is not null;`);
    this.addSql(`alter table "ledger_lines" add constraint "ledger_lines_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "ledger_lines" add constraint "ledger_lines_recorded_by_id_foreign" foreign key ("recorded_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`create table "stripe_events" ("id" varchar(100) not null, "type" varchar(100) not null, "received_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`insert into "payment_settings" ("id") values (1) on conflict do nothing;`);
    this.addSql(FUNCTIONS);
    // Bookings made before payments existed get the schedule in force now, as of their own creation.
    this.addSql(`select payment_plan_snapshot(b, b.created_at) from bookings b;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists bookings_payment_plan on bookings;');
    this.addSql('drop function if exists bookings_payment_plan();');
    this.addSql('drop function if exists payment_plan_snapshot(bookings, timestamptz);');
    this.addSql('drop table if exists "stripe_events", "ledger_lines", "payment_plans", "payment_settings";');
  }

}
