import { Migration } from '@mikro-orm/migrations';

/**
 * The reports' revenue by the industry's definitions (docs/reports.md): each booking keeps its revenue
 * parts in minor units (room revenue, pass-through fees, GST, tourist tax, the cancellation fee it keeps),
 * worked out from its price snapshot by a row trigger in the booking's own statement; booking_arrivals
 * sums them by check-in day; the reports' covering indexes carry them. The SQL is written out here in
 * full, as it stood when this migration was written.
 */
const FUNCTIONS = `
-- The one place that reads the bookings' price snapshot in its stored unit, minor units: every revenue part
-- comes through it. The money-minor-units migration runs next: its update of every snapshot fires the
-- parts' trigger, so the parts this one fills from whole dollars are computed again from the cents.
create or replace function booking_snapshot_minor(amount numeric) returns bigint language sql immutable parallel safe as $$
  select round(amount)::bigint
$$;

-- A booking's revenue parts in minor units (docs/reports.md): room revenue is the total less the pass-through
-- fees (cleaning, pets), the GST and the tourist tax, so it is the nights less discounts with the extra-guest fee
-- and an operator's price override; kept is a cancelled booking's fee without the GST it carries, worked out in
-- the snapshot's unit, where the fee's GST was rounded.
create or replace function booking_revenue_parts(total_price numeric, tax_amount numeric, tax_rate float8,
                                                 price_lines jsonb, status text, cancellation_fee numeric,
                                                 out room bigint, out fees bigint, out gst bigint,
                                                 out tourist_tax bigint, out kept bigint)
language sql immutable parallel safe as $$
  select booking_snapshot_minor(total_price) - l.fees - booking_snapshot_minor(tax_amount) - l.tourist_tax,
         l.fees, booking_snapshot_minor(tax_amount), l.tourist_tax,
         case when status = 'cancelled' and cancellation_fee > 0
              then booking_snapshot_minor(cancellation_fee - round(cancellation_fee * tax_rate::numeric / (100 + tax_rate::numeric)))
              else 0 end
    from (select coalesce(sum(booking_snapshot_minor((e->>'amount')::numeric))
                            filter (where e->>'kind' in ('cleaningFee', 'petFee')), 0)::bigint as fees,
                 coalesce(sum(booking_snapshot_minor((e->>'amount')::numeric))
                            filter (where e->>'kind' = 'touristTax'), 0)::bigint as tourist_tax
            from jsonb_array_elements(coalesce(price_lines, '[]'::jsonb)) e) l
$$;

-- Each booking carries its parts, set in its own statement whenever its price or status changes.
create or replace function bookings_revenue_parts() returns trigger language plpgsql as $$
  begin
    select p.room, p.fees, p.gst, p.tourist_tax, p.kept
      into new.room_minor, new.fees_minor, new.gst_minor, new.tourist_tax_minor, new.kept_minor
      from booking_revenue_parts(new.total_price, new.tax_amount, new.tax_rate, new.price_lines, new.status,
                                 new.cancellation_fee) p;
    return new;
  end $$;
create or replace trigger bookings_revenue_parts
  before insert or update of total_price, tax_amount, tax_rate, status, cancellation_fee on bookings
  for each row execute function bookings_revenue_parts();

create or replace function booking_arrivals_apply(days date[], sources text[], statuses text[], lens int[],
                                                  lbs int[], ns int[], totals bigint[], rooms bigint[],
                                                  pass_fees bigint[], gsts bigint[], tourist_taxes bigint[],
                                                  kepts bigint[])
returns void language plpgsql as $$
  begin
    with g as (
      select day, source, status, nights, sum(n) as stays, sum(n * total) as total,
             sum(n * room) as room, sum(n * (room % nights)) as room_rem, sum(n * fee) as fees,
             sum(n * gst) as gst, sum(n * tt) as tourist_tax, sum(n * kept) as kept,
             coalesce(sum(n) filter (where lb = 0), 0) as l0, coalesce(sum(n) filter (where lb = 1), 0) as l1,
             coalesce(sum(n) filter (where lb = 2), 0) as l2, coalesce(sum(n) filter (where lb = 3), 0) as l3,
             coalesce(sum(n) filter (where lb = 4), 0) as l4
        from unnest(days, sources, statuses, lens, lbs, ns, totals, rooms, pass_fees, gsts, tourist_taxes, kepts)
             as c(day, source, status, nights, lb, n, total, room, fee, gst, tt, kept)
       group by day, source, status, nights
    ), changed as (
      select * from g where stays <> 0 or total <> 0 or l0 <> 0 or l1 <> 0 or l2 <> 0 or l3 <> 0 or l4 <> 0
                         or room <> 0 or room_rem <> 0 or fees <> 0 or gst <> 0 or tourist_tax <> 0 or kept <> 0
    ), updated as (
      update booking_arrivals t
         set stays = t.stays + c.stays, total = t.total + c.total, lead_0_1 = t.lead_0_1 + c.l0,
             lead_2_7 = t.lead_2_7 + c.l1, lead_8_30 = t.lead_8_30 + c.l2, lead_31_90 = t.lead_31_90 + c.l3,
             lead_91_up = t.lead_91_up + c.l4, room = t.room + c.room, room_rem = t.room_rem + c.room_rem,
             fees = t.fees + c.fees, gst = t.gst + c.gst, tourist_tax = t.tourist_tax + c.tourist_tax,
             kept = t.kept + c.kept
        from changed c
       where t.day = c.day and t.source = c.source and t.status = c.status and t.nights = c.nights
         and t.shard = pg_backend_pid() % 256
      returning t.day, t.source, t.status, t.nights
    )
    insert into booking_arrivals (day, source, status, nights, shard, stays, total,
                                  lead_0_1, lead_2_7, lead_8_30, lead_31_90, lead_91_up,
                                  room, room_rem, fees, gst, tourist_tax, kept)
    select c.day, c.source, c.status, c.nights, pg_backend_pid() % 256, c.stays, c.total, c.l0, c.l1, c.l2, c.l3, c.l4,
           c.room, c.room_rem, c.fees, c.gst, c.tourist_tax, c.kept
      from changed c
     where not exists (select 1 from updated u
                        where u.day = c.day and u.source = c.source and u.status = c.status and u.nights = c.nights)
     order by c.day, c.source, c.status, c.nights
    on conflict (day, source, status, nights, shard) do update
      set stays = booking_arrivals.stays + excluded.stays, total = booking_arrivals.total + excluded.total,
          lead_0_1 = booking_arrivals.lead_0_1 + excluded.lead_0_1,
          lead_2_7 = booking_arrivals.lead_2_7 + excluded.lead_2_7,
          lead_8_30 = booking_arrivals.lead_8_30 + excluded.lead_8_30,
          lead_31_90 = booking_arrivals.lead_31_90 + excluded.lead_31_90,
          lead_91_up = booking_arrivals.lead_91_up + excluded.lead_91_up,
          room = booking_arrivals.room + excluded.room, room_rem = booking_arrivals.room_rem + excluded.room_rem,
          fees = booking_arrivals.fees + excluded.fees, gst = booking_arrivals.gst + excluded.gst,
          tourist_tax = booking_arrivals.tourist_tax + excluded.tourist_tax,
          kept = booking_arrivals.kept + excluded.kept;
  end $$;

create or replace function bookings_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('bookings:' || status, count(*), sum(total_price)) from new_rows group by status;
    perform booking_days_apply(array_agg(day), array_agg(arr), array_agg(dep), array_agg(rev::bigint))
       from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from new_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, 1, 0 from new_rows where status not in ('cancelled', 'declined')) d;
    perform booking_arrivals_apply(array_agg(check_in), array_agg(source), array_agg(status),
                                   array_agg(check_out - check_in), array_agg(booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date)),
                                   array_agg(1), array_agg(total_price::bigint), array_agg(room_minor::bigint),
                                   array_agg(fees_minor::bigint), array_agg(gst_minor::bigint),
                                   array_agg(tourist_tax_minor::bigint), array_agg(kept_minor::bigint)) from new_rows;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('bookings:' || status, -count(*), -sum(total_price)) from old_rows group by status;
    perform booking_days_apply(array_agg(day), array_agg(arr), array_agg(dep), array_agg(rev::bigint))
       from (select check_in as day, -1 as arr, 0 as dep, -total_price as rev from old_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, -1, 0 from old_rows where status not in ('cancelled', 'declined')) d;
    perform booking_arrivals_apply(array_agg(check_in), array_agg(source), array_agg(status),
                                   array_agg(check_out - check_in), array_agg(booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date)),
                                   array_agg(-1), array_agg(total_price::bigint), array_agg(room_minor::bigint),
                                   array_agg(fees_minor::bigint), array_agg(gst_minor::bigint),
                                   array_agg(tourist_tax_minor::bigint), array_agg(kept_minor::bigint)) from old_rows;
  else
    perform admin_counter_add('bookings:' || status, sum(dn), sum(damount))
       from (select status, 1 as dn, total_price as damount from new_rows
             union all select status, -1, -total_price from old_rows) d
      group by status having sum(dn) <> 0 or sum(damount) <> 0;
    perform booking_days_apply(array_agg(day), array_agg(arr), array_agg(dep), array_agg(rev::bigint))
       from (select check_in as day, 1 as arr, 0 as dep, total_price as rev from new_rows
              where status not in ('cancelled', 'declined')
             union all select check_out, 0, 1, 0 from new_rows where status not in ('cancelled', 'declined')
             union all select check_in, -1, 0, -total_price from old_rows where status not in ('cancelled', 'declined')
             union all select check_out, 0, -1, 0 from old_rows where status not in ('cancelled', 'declined')) d;
    perform booking_arrivals_apply(array_agg(check_in), array_agg(source), array_agg(status),
                                   array_agg(check_out - check_in), array_agg(booking_lead_bucket(check_in - (created_at at time zone 'UTC')::date)),
                                   array_agg(n), array_agg(total_price::bigint), array_agg(room_minor::bigint),
                                   array_agg(fees_minor::bigint), array_agg(gst_minor::bigint),
                                   array_agg(tourist_tax_minor::bigint), array_agg(kept_minor::bigint))
       from (select *, 1 as n from new_rows union all select *, -1 from old_rows) c;
  end if;
  return null;
end $$;

drop function if exists booking_arrivals_apply(date[], text[], text[], int[], int[], int[], bigint[]);
`;

export class Migration20261204055900_report_revenue extends Migration {

  override name = 'Migration20261204055900_report_revenue';

  /**
   * Bookings are locked against writes until this commits. The parts are filled by one update of every
   * booking: the bookings' statement trigger then adds each stay's parts to booking_arrivals (its other
   * sums, the day sums and the counters change by nothing).
   */
  override up(): void | Promise<void> {
    this.addSql(`lock table "bookings" in share row exclusive mode;`);
    this.addSql(`alter table "bookings" add "room_minor" int not null default 0, add "fees_minor" int not null default 0, add "gst_minor" int not null default 0, add "tourist_tax_minor" int not null default 0, add "kept_minor" int not null default 0;`);
    this.addSql(`alter table "booking_arrivals" add "room" bigint not null default 0, add "room_rem" bigint not null default 0, add "fees" bigint not null default 0, add "gst" bigint not null default 0, add "tourist_tax" bigint not null default 0, add "kept" bigint not null default 0;`);
    this.addSql(FUNCTIONS);
    this.addSql(`update "bookings" b set ("room_minor", "fees_minor", "gst_minor", "tourist_tax_minor", "kept_minor") =
      (select p.room, p.fees, p.gst, p.tourist_tax, p.kept
         from booking_revenue_parts(b.total_price, b.tax_amount, b.tax_rate, b.price_lines, b.status, b.cancellation_fee) p);`);
    // The covering indexes carry room revenue and the source (an owner's stay is no sale) instead of the total.
    this.addSql(`drop index if exists "bookings_sold_stays_idx";`);
    this.addSql(`create index "bookings_sold_stays_idx" on "bookings" ("check_in", "check_out") include ("room_minor", "created_at", "source") where "status" in ('pending', 'confirmed');`);
    this.addSql(`drop index if exists "bookings_holding_home_idx";`);
    this.addSql(`create index "bookings_holding_home_idx" on "bookings" ("property_id") include ("check_in", "check_out", "room_minor", "source") where "status" in ('pending', 'confirmed');`);
    // Owner stays, blocks and imported events of a range, read by their last night's end: few rows each.
    this.addSql(`create index "bookings_owner_stays_idx" on "bookings" ("check_out") include ("check_in", "property_id") where "source" = 'owner' and "status" in ('pending', 'confirmed');`);
    this.addSql(`create index "calendar_blocks_end_idx" on "calendar_blocks" ("end_date") include ("start_date", "property_id");`);
    this.addSql(`create index "external_events_held_end_idx" on "external_events" ("end_date") include ("start_date", "property_id") where "conflict_booking_id" is null;`);
    this.addSql(`analyze "bookings";`);
    this.addSql(`analyze "booking_arrivals";`);
  }

  /** The indexes as they were; the parts, their trigger and their sums stay, kept and unread. */
  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "external_events_held_end_idx";`);
    this.addSql(`drop index if exists "calendar_blocks_end_idx";`);
    this.addSql(`drop index if exists "bookings_owner_stays_idx";`);
    this.addSql(`drop index if exists "bookings_holding_home_idx";`);
    this.addSql(`create index "bookings_holding_home_idx" on "bookings" ("property_id") include ("check_in", "check_out", "total_price") where "status" in ('pending', 'confirmed');`);
    this.addSql(`drop index if exists "bookings_sold_stays_idx";`);
    this.addSql(`create index "bookings_sold_stays_idx" on "bookings" ("check_in", "check_out") include ("total_price", "created_at") where "status" in ('pending', 'confirmed');`);
  }

}
