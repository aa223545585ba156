import { Migration } from '@mikro-orm/migrations';

/** The function and trigger this migration added, as written when it was made. */
const FUNCTIONS = String.raw`
-- A home's damage deposit is snapshot for each booking when its payment plan is written (docs/payments.md#damage-deposit),
-- in the booking's own statement: a later change of the home's rules never changes a booking made.
create or replace function payment_plans_damage_deposit() returns trigger language plpgsql as $$
  begin
    insert into damage_deposits (booking_id, amount, currency)
    select new.booking_id, pr.security_deposit, new.currency
      from bookings b join property_pricing pr on pr.property_id = b.property_id
     where b.id = new.booking_id and pr.security_deposit > 0
    on conflict (booking_id) do nothing;
    return null;
  end $$;

create or replace trigger payment_plans_damage_deposit
  after insert on payment_plans
  for each row execute function payment_plans_damage_deposit();
`;

export class Migration20261205100000_damage_deposit_auto_charge extends Migration {

  override name = 'Migration20261205100000_damage_deposit_auto_charge';

  /**
   * The damage deposit (a per-home amount, each booking's own row) and the balance charged automatically
   * on the card saved at checkout (docs/payments.md#damage-deposit, #automatic-balance).
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "property_pricing" add column "security_deposit" int null;`);
    this.addSql(`alter table "property_pricing" add constraint property_pricing_deposit_check check (coalesce(security_deposit, 0) >= 0);`);
    this.addSql(`alter table "payment_settings" add column "deposit_hold_days_before" int not null default 1, add column "deposit_release_days_after" int not null default 3;`);
    this.addSql(`alter table "payment_settings" add constraint payment_settings_hold_days_check check (deposit_hold_days_before between 0 and 7 and deposit_release_days_after between 0 and 30);`);
    this.addSql(`alter table "payment_plans" add column "stripe_customer" varchar(100) null, add column "stripe_payment_method" varchar(100) null, add column "balance_charge_at" timestamptz null, add column "balance_charge_failed_at" timestamptz null, add column "balance_charge_error" varchar(200) null;`);
    this.addSql(`create index "payment_plans_auto_charge_idx" on "payment_plans" ("balance_due_on") where "stripe_payment_method" is not null and "balance_charge_at" is null;`);
    this.addSql(`create table "damage_deposits" ("booking_id" int not null, "amount" int not null, "currency" varchar(3) not null, "status" varchar(12) not null default 'due', "method" varchar(20) null, "reference" varchar(200) null, "payment_intent" varchar(100) null, "held_at" timestamptz null, "received_at" timestamptz null, "claimed_amount" int not null default 0, "claim_reason" varchar(200) null, "claimed_at" timestamptz null, "settled_at" timestamptz null, "error" varchar(200) null, "created_at" timestamptz not null default now(), primary key ("booking_id"), constraint damage_deposits_amount_check check (amount > 0 and claimed_amount between 0 and amount), constraint damage_deposits_status_check check (status in ('due', 'held', 'hold_failed', 'received', 'claimed', 'released', 'returned')));`);
    this.addSql(`alter table "damage_deposits" add constraint "damage_deposits_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`create index "damage_deposits_open_idx" on "damage_deposits" ("status") where "status" in ('due', 'held');`);
    this.addSql(FUNCTIONS);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists payment_plans_damage_deposit on payment_plans;');
    this.addSql('drop function if exists payment_plans_damage_deposit();');
    this.addSql('drop table if exists "damage_deposits";');
    this.addSql('drop index if exists "payment_plans_auto_charge_idx";');
    this.addSql(`alter table "payment_plans" drop column "stripe_customer", drop column "stripe_payment_method", drop column "balance_charge_at", drop column "balance_charge_failed_at", drop column "balance_charge_error";`);
    this.addSql(`alter table "payment_settings" drop constraint payment_settings_hold_days_check, drop column "deposit_hold_days_before", drop column "deposit_release_days_after";`);
    this.addSql(`alter table "property_pricing" drop constraint property_pricing_deposit_check, drop column "security_deposit";`);
  }

}
