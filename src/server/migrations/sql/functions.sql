-- Every function and trigger of the schema, in one place. Loaded by the migration that follows the last
-- change of any of them (see migration-20261126170000-functions-file.ts): each statement replaces what it
-- defines, so the file can be loaded again after an edit. Change a function here, then add a migration
-- that writes the changed function out in full (a migration that loaded this file would replay with
-- whatever it later became). What each trigger guarantees is listed in README.md ("Database functions").

-- Every pending, requested or confirmed booking holds its dates in date_holds, in the booking's own statement, so a
-- clash with another booking, a block or an imported event raises 23P01 (date_holds_no_overlap) there,
-- whatever code path writes the booking.
create or replace function bookings_hold_dates() returns trigger language plpgsql as $$
  declare
    held_before boolean := tg_op <> 'INSERT' and old.status in ('pending', 'requested', 'confirmed');
    held_after boolean := tg_op <> 'DELETE' and new.status in ('pending', 'requested', 'confirmed');
  begin
    if held_before and held_after then
      if (old.check_in, old.check_out, old.property_id) is distinct from (new.check_in, new.check_out, new.property_id) then
        update date_holds set property_id = new.property_id, start_date = new.check_in, end_date = new.check_out
         where booking_id = new.id;
      end if;
    elsif held_before then
      delete from date_holds where booking_id = old.id;
    elsif held_after then
      insert into date_holds (property_id, start_date, end_date, booking_id)
      values (new.property_id, new.check_in, new.check_out, new.id);
    end if;
    return null;
  end $$;
create or replace trigger bookings_hold_dates
  after insert or update of status, check_in, check_out, property_id or delete on bookings
  for each row execute function bookings_hold_dates();

-- Holds of one home are written one transaction at a time: a hold first takes its home's advisory lock,
-- kept until its transaction ends. Without it, concurrent holds that clash each see the other's uncommitted
-- row in date_holds_no_overlap and wait for it: a deadlock that PostgreSQL breaks only after deadlock_timeout
-- (1 s), and 30 guests racing for the same dates queued for minutes behind such deadlocks. With it, the next
-- writer sees the committed hold and hears 23P01 at once. A booking's or block's hold that clashes with a
-- committed one is refused before the lock, the same 23P01 the constraint raises: the losers of a race need
-- not queue to hear it. Imported events are left to the constraint: the sync inserts them with ON CONFLICT
-- DO NOTHING (a clashing event is kept as a conflict), which a raise here would defeat.
create or replace function date_holds_one_writer() returns trigger language plpgsql as $$
  begin
    if new.external_event_id is null and exists (select 1 from date_holds h
                where h.property_id = new.property_id and h.id <> new.id
                  and daterange(h.start_date, h.end_date, '[)') && daterange(new.start_date, new.end_date, '[)')) then
      raise exception 'conflicting key value violates exclusion constraint "date_holds_no_overlap"'
        using errcode = '23P01', constraint = 'date_holds_no_overlap', table = 'date_holds';
    end if;
    perform pg_advisory_xact_lock(727003, new.property_id);
    return new;
  end $$;
create or replace trigger date_holds_one_writer
  before insert or update of property_id, start_date, end_date on date_holds
  for each row execute function date_holds_one_writer();

-- The admin counters (admin-counter.entity.ts). A counter is the sum of its shards; each database session
-- adds to the shard of its backend pid, so concurrent writes do not queue on one hot row. A shard row
-- exists after its first change, so an UPDATE finds it; the upsert is for a shard's first change only (it
-- locks the row it conflicts with in a WAL record of its own before updating it).
create or replace function admin_counter_add(counter text, dn bigint, damount bigint) returns void language plpgsql as $$
  begin
    update admin_counters set n = n + dn, amount = amount + damount where name = counter and shard = pg_backend_pid() % 256;
    if not found then
      insert into admin_counters (name, shard, n, amount) values (counter, pg_backend_pid() % 256, dn, damount)
      on conflict (name, shard) do update set n = admin_counters.n + excluded.n, amount = admin_counters.amount + excluded.amount;
    end if;
  end $$;

-- The holding stays by day (booking_days, booking-day.entity.ts): arrivals and their revenue on the
-- check-in day, departures on the check-out day, sharded by session as the admin counters are. A stay holds
-- its nights unless cancelled or declined. The dashboard sums these few rows per day instead of reading
-- every stay of its window (docs/features.md#dashboard-figures).
create or replace function booking_days_apply(days date[], arrs int[], deps int[], revs bigint[])
returns void language plpgsql as $$
  begin
    -- In one pass, as booking_arrivals_apply (below) does and for the same reason.
    with changed as (
      select day, sum(arr) as arr, sum(dep) as dep, sum(rev) as rev
        from unnest(days, arrs, deps, revs) as c(day, arr, dep, rev)
       group by day having sum(arr) <> 0 or sum(dep) <> 0 or sum(rev) <> 0
    ), updated as (
      update booking_days t set arrivals = t.arrivals + c.arr, departures = t.departures + c.dep, revenue = t.revenue + c.rev
        from changed c where t.day = c.day and t.shard = pg_backend_pid() % 256
      returning t.day
    )
    insert into booking_days (day, shard, arrivals, departures, revenue)
    select c.day, pg_backend_pid() % 256, c.arr, c.dep, c.rev from changed c
     where not exists (select 1 from updated u where u.day = c.day)
     order by c.day
    on conflict (day, shard) do update set arrivals = booking_days.arrivals + excluded.arrivals,
      departures = booking_days.departures + excluded.departures, revenue = booking_days.revenue + excluded.revenue;
  end $$;

-- The one place that reads the bookings' price snapshot in its stored unit, minor units: every revenue part
-- comes through it.
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

-- The stays arriving on each day (booking_arrivals, booking-arrival.entity.ts), for the reports over every
-- home (docs/staff.md#reports-queries): by check-in day, source, status and length in nights, the stays,
-- their total and revenue parts (with the room revenue's remainders over the nights, docs/reports.md), and
-- how many fall in each lead-time bucket. Sharded by session as the admin counters are. The
-- buckets are the reports' own (reports.ts names them in this order); changing them means filling the
-- table again in a migration.
create or replace function booking_lead_bucket(lead int) returns int language sql immutable parallel safe as $$
  select case when lead <= 1 then 0 when lead <= 7 then 1 when lead <= 30 then 2 when lead <= 90 then 3 else 4 end
$$;

-- Applies a statement's changes to booking_arrivals in one pass: each change is a stay (its check-in day,
-- source, status, length and lead bucket) with n = 1 added or -1 removed. Set-based rather than one call
-- per group: a bulk statement touches thousands of groups, and a plan cached while the table was small
-- made each call scan it. Existing rows of this session's shard are updated, the rest inserted (the
-- upsert covers a row another statement inserted meanwhile), in key order.
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
drop function if exists booking_arrivals_apply(date[], text[], text[], int[], int[], int[], bigint[]);

-- Statement triggers read the transition tables and make one call per counter a statement changes, and one
-- set-based call for the day tables, so a bulk insert adds its totals once rather than once per row.
-- PL/pgSQL plans each branch when it first runs, so a branch names only the tables its event has.
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

-- `archived_at is null` is the archived rule (Property's `listed` filter, liveProperty in repositories/sql.ts).
create or replace function properties_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('properties:listed', count(*), 0) from new_rows where archived_at is null having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('properties:listed', -count(*), 0) from old_rows where archived_at is null having count(*) > 0;
  else
    perform admin_counter_add('properties:listed', sum(dn), 0)
       from (select 1 as dn from new_rows where archived_at is null
             union all select -1 from old_rows where archived_at is null) d
     having sum(dn) <> 0;
  end if;
  return null;
end $$;

create or replace function reviews_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform admin_counter_add('reviews:' || rating, count(*), 0) from new_rows group by rating;
  elsif tg_op = 'DELETE' then
    perform admin_counter_add('reviews:' || rating, -count(*), 0) from old_rows group by rating;
  else
    perform admin_counter_add('reviews:' || rating, sum(dn), 0)
       from (select rating, 1 as dn from new_rows union all select rating, -1 from old_rows) d
      group by rating having sum(dn) <> 0;
  end if;
  return null;
end $$;

-- TRUNCATE fires no row or statement trigger of the kinds above: it empties its table's counters instead.
create or replace function admin_counters_truncated() returns trigger language plpgsql as $$
begin
  delete from admin_counters where name like tg_argv[0];
  return null;
end $$;

create or replace function booking_days_truncated() returns trigger language plpgsql as $$
begin
  delete from booking_days;
  return null;
end $$;

create or replace function booking_arrivals_truncated() returns trigger language plpgsql as $$
begin
  delete from booking_arrivals;
  return null;
end $$;

create or replace trigger bookings_count_insert after insert on bookings
  referencing new table as new_rows for each statement execute function bookings_count();
create or replace trigger bookings_count_update after update on bookings
  referencing old table as old_rows new table as new_rows for each statement execute function bookings_count();
create or replace trigger bookings_count_delete after delete on bookings
  referencing old table as old_rows for each statement execute function bookings_count();
create or replace trigger bookings_count_truncate after truncate on bookings
  for each statement execute function admin_counters_truncated('bookings:%');
create or replace trigger booking_days_truncate after truncate on bookings
  for each statement execute function booking_days_truncated();
create or replace trigger booking_arrivals_truncate after truncate on bookings
  for each statement execute function booking_arrivals_truncated();

create or replace trigger properties_count_insert after insert on properties
  referencing new table as new_rows for each statement execute function properties_count();
create or replace trigger properties_count_update after update on properties
  referencing old table as old_rows new table as new_rows for each statement execute function properties_count();
create or replace trigger properties_count_delete after delete on properties
  referencing old table as old_rows for each statement execute function properties_count();
create or replace trigger properties_count_truncate after truncate on properties
  for each statement execute function admin_counters_truncated('properties:%');

create or replace trigger reviews_count_insert after insert on reviews
  referencing new table as new_rows for each statement execute function reviews_count();
create or replace trigger reviews_count_update after update on reviews
  referencing old table as old_rows new table as new_rows for each statement execute function reviews_count();
create or replace trigger reviews_count_delete after delete on reviews
  referencing old table as old_rows for each statement execute function reviews_count();
create or replace trigger reviews_count_truncate after truncate on reviews
  for each statement execute function admin_counters_truncated('reviews:%');

-- How many listed homes a map box holds, counted up to `cap` (property-search.ts, isDenseArea). The planner
-- guesses a handful of homes in any box, so it would collect a large box's every home into a bitmap before
-- counting; with bitmap scans off the GiST index scan stops at the cap.
create or replace function properties_in_box(area box, cap int) returns int language sql stable
  set enable_bitmapscan = off as $$
  select count(*)::int from (
    select 1 from properties p
     where p.archived_at is null and p.latitude is not null and p.longitude is not null
       and point(p.longitude::float8, p.latitude::float8) <@ area
     limit cap) t
$$;

-- A booking's payment schedule is snapshot in the booking's own statement (docs/payments.md#snapshot), from
-- the operator's payment settings as they are then: the deposit (a percentage of the total, due at
-- booking) and the balance (due balance_days_before the check-in; a stay that starts sooner is due in full at
-- booking). Amounts are minor units (cents), as the booking's total is.
create or replace function payment_plan_snapshot(b bookings, made_at timestamptz) returns void language plpgsql as $$
  declare
    s record;
    total integer := b.total_price;
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
