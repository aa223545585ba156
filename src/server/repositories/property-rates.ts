import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPriceRules } from '../../shared/pricing.ts';
import type { TRate, TRateKind } from '../../shared/schemas/calendar.ts';
import { intArray, liveProperty, sqlDate } from './sql.ts';

type TStoredKind = 'season' | 'weekend' | 'min_nights';
const toStored: Record<TRateKind, TStoredKind> = {
  season: 'season',
  weekend: 'weekend',
  minNights: 'min_nights',
};

interface TRateRow {
  id: number;
  property_id: number;
  kind: TStoredKind;
  start_date: string | null;
  end_date: string | null;
  amount: number;
}

const RATE_COLUMNS = `id, property_id, kind, ${sqlDate('start_date')} as start_date,
  ${sqlDate('end_date')} as end_date, amount`;

function toRate(r: TRateRow): TRate {
  const minNights = r.kind === 'min_nights';
  return {
    id: r.id,
    propertyId: r.property_id,
    kind: minNights ? 'minNights' : r.kind === 'season' ? 'season' : 'weekend',
    startDate: r.start_date,
    endDate: r.end_date,
    nightlyPrice: minNights ? null : r.amount,
    minNights: minNights ? r.amount : null,
  };
}

export async function listRates(em: EntityManager, propertyId: number): Promise<TRate[]> {
  const rows = await em.execute<TRateRow[]>(
    `select ${RATE_COLUMNS} from property_rates where property_id = ?
      order by case kind when 'min_nights' then 0 when 'weekend' then 1 else 2 end, start_date`,
    [propertyId],
  );
  return rows.map(toRate);
}

/** The home's seasons with a night in [start, end), locked for the caller's transaction. */
export async function seasonsOverlapping(
  em: EntityManager,
  propertyId: number,
  start: string,
  end: string,
): Promise<TRate[]> {
  const rows = await em.execute<TRateRow[]>(
    `select ${RATE_COLUMNS} from property_rates
      where property_id = ? and kind = 'season'
        and daterange(start_date, end_date, '[)') && daterange(?::date, ?::date, '[)')
      order by start_date for update`,
    [propertyId, start, end],
  );
  return rows.map(toRate);
}

export async function insertSeason(
  em: EntityManager,
  s: { propertyId: number; startDate: string; endDate: string; nightlyPrice: number },
): Promise<TRate> {
  const [row] = await em.execute<TRateRow[]>(
    `insert into property_rates (property_id, kind, start_date, end_date, amount)
     values (?, 'season', ?::date, ?::date, ?) returning ${RATE_COLUMNS}`,
    [s.propertyId, s.startDate, s.endDate, s.nightlyPrice],
  );
  if (!row) throw new Error('the season was not inserted');
  return toRate(row);
}

/** Sets the home's one weekend price or minimum stay, replacing the previous value. */
export async function upsertRule(
  em: EntityManager,
  propertyId: number,
  kind: Exclude<TRateKind, 'season'>,
  amount: number,
): Promise<TRate> {
  const [row] = await em.execute<TRateRow[]>(
    `insert into property_rates (property_id, kind, amount) values (?, ?, ?)
     on conflict (property_id, kind) where kind <> 'season' do update set amount = excluded.amount, created_at = now()
     returning ${RATE_COLUMNS}`,
    [propertyId, toStored[kind], amount],
  );
  if (!row) throw new Error('the rule was not saved');
  return toRate(row);
}

export async function deleteRate(em: EntityManager, propertyId: number, rateId: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'delete from property_rates where id = ? and property_id = ? returning id',
    [rateId, propertyId],
  );
  return rows.length > 0;
}

export interface TStayRules extends TPriceRules {
  minNights: number | null;
  /** The settings' tax rate; null only before the settings record exists. */
  taxRate: number | null;
}

/** A home's stay rules as the columns stayRulesColumns selects. */
export interface TRulesRow {
  price: number;
  weekend: number | null;
  min_nights: number | null;
  seasons: { startDate: string; endDate: string; nightlyPrice: number }[] | null;
  tax_rate: number | null;
}

/** An inverted stay (refused later by the rules) asks for an empty range rather than an invalid one. */
const stayEnd = (from: string, to: string) => (to > from ? to : from);

/**
 * The columns of a home's stay rules for [from, to), on a row `alias` that has the home's `id` (the
 * query selects its `price` too, for TRulesRow): its weekend price and minimum stay, only the seasons
 * that touch the stay, and the tax rate. Shared by stayRulesFor, the booking's context read and the dated
 * search's page of cards, which read them in their own statement (one round trip fewer).
 */
export function stayRulesColumns(
  alias: string,
  from: string,
  to: string,
): { sql: string; params: unknown[] } {
  const end = stayEnd(from, to);
  return {
    sql: `(select amount from property_rates r where r.property_id = ${alias}.id and r.kind = 'weekend') as weekend,
            (select amount from property_rates r where r.property_id = ${alias}.id and r.kind = 'min_nights') as min_nights,
            (select json_agg(json_build_object('startDate', ${sqlDate('r.start_date')},
                                               'endDate', ${sqlDate('r.end_date')},
                                               'nightlyPrice', r.amount) order by r.start_date)
               from property_rates r
              where r.property_id = ${alias}.id and r.kind = 'season'
                and daterange(r.start_date, r.end_date, '[)') && daterange(?::date, ?::date, '[)')) as seasons,
            (select tax_rate from settings where id = 1) as tax_rate`,
    params: [from, end],
  };
}

/**
 * Whether a booking, block or imported event holds a night of [from, to), as a column `held` of a row
 * `alias` that has the home's `id`. Only the quote asks: a booking is refused by the exclusion constraint
 * anyway, and the dated search filters on the holds. The probe walks the holds' GiST index (up to 46 pages
 * for a home of the bench's, 2026-11-26), which a booking's insert walks again for its constraint.
 */
function heldColumn(alias: string, from: string, to: string): { sql: string; params: unknown[] } {
  return {
    sql: `exists (select 1 from date_holds h
                   where h.property_id = ${alias}.id
                     and daterange(h.start_date, h.end_date, '[)') && daterange(?::date, ?::date, '[)')) as held`,
    params: [from, stayEnd(from, to)],
  };
}

/** The one stayRulesColumns row → TStayRules mapper. */
export function toStayRules(r: TRulesRow): TStayRules {
  return {
    basePrice: r.price,
    weekendPrice: r.weekend,
    minNights: r.min_nights,
    seasons: r.seasons ?? [],
    taxRate: r.tax_rate === null ? null : Number(r.tax_rate),
  };
}

/**
 * The price and stay rules of several homes for [from, to) (stayRulesColumns), and whether its nights are
 * taken (heldColumn): one query for a quote or a calendar. Homes that are missing or archived are absent
 * from the map.
 */
export async function stayRulesFor(
  em: EntityManager,
  propertyIds: number[],
  from: string,
  to: string,
): Promise<Map<number, TStayRules & { held: boolean }>> {
  if (propertyIds.length === 0) return new Map();
  const rules = stayRulesColumns('p', from, to);
  const held = heldColumn('p', from, to);
  const rows = await em.execute<(TRulesRow & { property_id: number; held: boolean })[]>(
    `select p.id as property_id, p.price, ${rules.sql}, ${held.sql}
       from properties p
      where p.id = any(?::int[]) and ${liveProperty('p')}`,
    [...rules.params, ...held.params, intArray(propertyIds)],
  );
  return new Map(rows.map((r) => [r.property_id, { ...toStayRules(r), held: r.held }]));
}
