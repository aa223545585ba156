import { Migration } from '@mikro-orm/migrations';

/**
 * The booking snapshot's schedule from a total that is already in minor units (docs/payments.md#snapshot).
 * Written out here, so this migration replays as it was written.
 */
const PAYMENT_PLAN_SNAPSHOT = (total: string) => `
create or replace function payment_plan_snapshot(b bookings, made_at timestamptz) returns void language plpgsql as $$
  declare
    s record;
    total integer := ${total};
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
  end $$;`;

/** The statements that rewrite every stored amount with `scale` (a SQL expression of its column). */
function convertAll(scale: (column: string) => string): string[] {
  const lineAmounts = `(select jsonb_agg(case when e ? 'amount' then jsonb_set(e, '{amount}', to_jsonb(${scale(`(e->>'amount')::bigint`)})) else e end order by i)
       from jsonb_array_elements("price_lines") with ordinality as t(e, i))`;
  // The history's money diffs that screens format: a booking's total, a home's price.
  const logged = (entity: string, key: string) =>
    `update "activity_log" set "changes" = "changes" || jsonb_build_object('${key}', (select jsonb_object_agg(k,
         case when jsonb_typeof(v) = 'number' then to_jsonb(${scale('(v::text)::bigint')}) else v end)
       from jsonb_each("changes"->'${key}') as e(k, v)))
     where "entity_type" = '${entity}' and jsonb_typeof("changes"->'${key}') = 'object';`;
  return [
    logged('booking', 'totalPrice'),
    logged('property', 'price'),
    `update "properties" set "price" = ${scale('"price"')};`,
    `update "property_rates" set "amount" = ${scale('"amount"')} where "kind" in ('season', 'weekend');`,
    `update "property_pricing" set "cleaning_fee" = ${scale('"cleaning_fee"')}, "extra_guest_fee" = ${scale('"extra_guest_fee"')},
       "pet_fee" = ${scale('"pet_fee"')}, "tourist_tax_per_person" = ${scale('"tourist_tax_per_person"')};`,
    // One statement: the bookings' statement triggers move the admin counters, booking_days' revenue and
    // booking_arrivals' totals by the same factor, as they do for any change of total_price.
    `update "bookings" set "total_price" = ${scale('"total_price"')}, "nightly_price" = ${scale('"nightly_price"')},
       "tax_amount" = ${scale('"tax_amount"')}, "cancellation_fee" = ${scale('"cancellation_fee"')},
       "night_prices" = case when "night_prices" is null then null
         else array(select ${scale('x')} from unnest("night_prices") with ordinality as u(x, i) order by i) end,
       "price_lines" = case when jsonb_typeof("price_lines") = 'array' and jsonb_array_length("price_lines") > 0
         then ${lineAmounts} else "price_lines" end;`,
  ];
}

export class Migration20261204060000_money_minor_units extends Migration {

  override name = 'Migration20261204060000_money_minor_units';

  /**
   * Every amount kept in whole US dollars becomes integer cents (docs/money.md#minor-units), exactly × 100:
   * home prices, season and weekend rates, fees and the tourist tax per person, and each booking's
   * snapshot (total, nightly price, GST, each night, each price line, the cancellation fee), and the
   * activity log's diffs of a booking's total and a home's price. Percentages and the ledger (already
   * cents) are untouched; the payment schedule stops multiplying the total by 100.
   */
  override async up(): Promise<void> {
    for (const sql of convertAll((c) => `${c} * 100`)) await this.execute(sql);
    await this.execute(PAYMENT_PLAN_SNAPSHOT('b.total_price'));
  }

  /** Back to whole dollars, each amount rounded to the nearest dollar: cents are lost. */
  override async down(): Promise<void> {
    for (const sql of convertAll((c) => `round(${c} / 100.0)::bigint`)) await this.execute(sql);
    await this.execute(PAYMENT_PLAN_SNAPSHOT('b.total_price * 100'));
  }

}
