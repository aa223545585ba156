import { Migration } from '@mikro-orm/migrations';

export class Migration20261205130000_ledger_sums extends Migration {

  override name = 'Migration20261205130000_ledger_sums';

  /**
   * Each payment plan carries its booking's ledger sums (net paid, adjustments), kept by triggers, so the
   * admin Payments page's views and totals read one row per booking instead of summing every booking's
   * ledger lines on each request (docs/payments.md#admin).
   */
  override up(): void | Promise<void> {
    this.addSql(`alter table "payment_plans" add column "net" int not null default 0, add column "adjusted" int not null default 0;`);
    this.addSql(`
update payment_plans pp set net = s.net, adjusted = s.adjusted
  from (select booking_id,
               coalesce(sum(case kind when 'payment' then amount when 'refund' then -amount else 0 end), 0)::int as net,
               coalesce(sum(amount) filter (where kind = 'adjustment'), 0)::int as adjusted
          from ledger_lines group by booking_id) s
 where s.booking_id = pp.booking_id;`);
    this.addSql(`
create or replace function ledger_lines_plan_sums() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update payment_plans
       set net = net - case old.kind when 'payment' then old.amount when 'refund' then -old.amount else 0 end,
           adjusted = adjusted - case when old.kind = 'adjustment' then old.amount else 0 end
     where booking_id = old.booking_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update payment_plans
       set net = net + case new.kind when 'payment' then new.amount when 'refund' then -new.amount else 0 end,
           adjusted = adjusted + case when new.kind = 'adjustment' then new.amount else 0 end
     where booking_id = new.booking_id;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger ledger_lines_plan_sums after insert or update or delete on ledger_lines for each row execute function ledger_lines_plan_sums();`);
    // A plan made (or made again) after lines exist starts from them.
    this.addSql(`
create or replace function payment_plans_ledger_sums() returns trigger language plpgsql as $$
begin
  select coalesce(sum(case kind when 'payment' then amount when 'refund' then -amount else 0 end), 0)::int,
         coalesce(sum(amount) filter (where kind = 'adjustment'), 0)::int
    into new.net, new.adjusted
    from ledger_lines where booking_id = new.booking_id;
  return new;
end $$;`);
    this.addSql(`create trigger payment_plans_ledger_sums before insert on payment_plans for each row execute function payment_plans_ledger_sums();`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists payment_plans_ledger_sums on payment_plans;');
    this.addSql('drop function if exists payment_plans_ledger_sums();');
    this.addSql('drop trigger if exists ledger_lines_plan_sums on ledger_lines;');
    this.addSql('drop function if exists ledger_lines_plan_sums();');
    this.addSql('alter table "payment_plans" drop column "net", drop column "adjusted";');
  }

}
