import { Migration } from '@mikro-orm/migrations';

export class Migration20261205140000_plan_owed extends Migration {

  override name = 'Migration20261205140000_plan_owed';

  /**
   * Each payment plan also keeps the booking facts that decide what is owed on it (its home, status,
   * cancellation fee and arrival day, copied by triggers), and what it owes (`balance_owed`, `refund_owed`,
   * computed by PostgreSQL from the plan's own row by the money-facts rule). The admin Payments page's
   * outstanding, overdue and refunds-due views then walk a partial index in their order and stop at the
   * page's end, instead of joining every plan to its booking (docs/payments.md#admin).
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "payment_plans"
  add column "property_id" int null,
  add column "booking_status" varchar(20) null,
  add column "cancellation_fee" int null,
  add column "check_in" date null;`);
    this.addSql(`
update payment_plans pp
   set property_id = b.property_id, booking_status = b.status, cancellation_fee = b.cancellation_fee, check_in = b.check_in
  from bookings b
 where b.id = pp.booking_id;`);
    this.addSql(`alter table "payment_plans"
  alter column "property_id" set not null,
  alter column "booking_status" set not null,
  alter column "check_in" set not null;`);
    // The money-facts rule (retainedOf, ledgerTotals) over the plan's row: what the booking keeps is its
    // charge, or on a cancelled or declined booking the fee, capped by the charge and by what was paid.
    const charged = 'greatest(0, total_amount + adjusted)';
    const retained = `(case when booking_status in ('cancelled', 'declined')
  then least(greatest(0, coalesce(cancellation_fee, 0) + adjusted), ${charged}, greatest(0, net))
  else ${charged} end)`;
    this.addSql(`alter table "payment_plans"
  add column "balance_owed" int generated always as (greatest(0, ${retained} - net)) stored,
  add column "refund_owed" int generated always as (greatest(0, net - ${retained})) stored,
  add column "due_on" date generated always as (coalesce(balance_due_on, check_in)) stored;`);
    // A plan made (or made again) copies its booking's facts; a booking's change reaches its plan.
    this.addSql(`
create or replace function payment_plans_booking_facts() returns trigger language plpgsql as $$
begin
  select b.property_id, b.status, b.cancellation_fee, b.check_in
    into new.property_id, new.booking_status, new.cancellation_fee, new.check_in
    from bookings b where b.id = new.booking_id;
  return new;
end $$;`);
    this.addSql(`create trigger payment_plans_booking_facts before insert on payment_plans for each row execute function payment_plans_booking_facts();`);
    this.addSql(`
create or replace function bookings_plan_facts() returns trigger language plpgsql as $$
begin
  update payment_plans
     set property_id = new.property_id, booking_status = new.status,
         cancellation_fee = new.cancellation_fee, check_in = new.check_in
   where booking_id = new.id;
  return null;
end $$;`);
    this.addSql(`create trigger bookings_plan_facts after update of property_id, status, cancellation_fee, check_in on bookings
  for each row when (old.property_id is distinct from new.property_id or old.status is distinct from new.status
                     or old.cancellation_fee is distinct from new.cancellation_fee or old.check_in is distinct from new.check_in)
  execute function bookings_plan_facts();`);
    this.addSql(`create index "payment_plans_outstanding_idx" on "payment_plans" ("due_on", "booking_id")
  include ("balance_owed", "property_id")
  where "balance_owed" > 0 and "booking_status" not in ('cancelled', 'declined', 'requested');`);
    this.addSql(`create index "payment_plans_refunds_due_idx" on "payment_plans" ("due_on", "booking_id")
  include ("refund_owed", "property_id") where "refund_owed" > 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists bookings_plan_facts on bookings;');
    this.addSql('drop function if exists bookings_plan_facts();');
    this.addSql('drop trigger if exists payment_plans_booking_facts on payment_plans;');
    this.addSql('drop function if exists payment_plans_booking_facts();');
    this.addSql(`alter table "payment_plans" drop column "balance_owed", drop column "refund_owed", drop column "due_on",
  drop column "property_id", drop column "booking_status", drop column "cancellation_fee", drop column "check_in";`);
  }

}
