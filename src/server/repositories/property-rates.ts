import type { EntityManager } from '@mikro-orm/postgresql';
import { PETS_AMENITY } from '#shared/constants.ts';
import type { THomePricing, TPriceRules } from '#shared/pricing.ts';
import type { TRate, TRateKind } from '#shared/schemas/calendar.ts';
import { sql, type Selectable } from 'kysely';
import { Property } from '../entities/property.entity.ts';
import { PropertyRate } from '../entities/property-rate.entity.ts';
import { db, isoDate, listed, overlaps, sqlText, type TDB } from './db.ts';
import { intArray } from './sql.ts';

type TStoredKind = 'season' | 'weekend' | 'min_nights';
const toStored: Record<TRateKind, TStoredKind> = {
  season: 'season',
  weekend: 'weekend',
  minNights: 'min_nights',
};

/** A rate as its reads answer it: the dates as `yyyy-MM-dd` text. */
type TRateRow = Pick<Selectable<TDB['property_rates']>, 'id' | 'property_id' | 'kind' | 'amount'> & {
  start_date: string | null;
  end_date: string | null;
};

function rates(em: EntityManager) {
  return db(em)
    .selectFrom('property_rates')
    .select([
      'id',
      'property_id',
      'kind',
      isoDate<string | null>('start_date').as('start_date'),
      isoDate<string | null>('end_date').as('end_date'),
      'amount',
    ]);
}

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
  const rows = await rates(em)
    .where('property_id', '=', propertyId)
    .orderBy(sql`case kind when 'min_nights' then 0 when 'weekend' then 1 else 2 end`)
    .orderBy('start_date')
    .execute();
  return rows.map(toRate);
}

/** The home's seasons with a night in [start, end), locked for the caller's transaction. */
export async function seasonsOverlapping(
  em: EntityManager,
  propertyId: number,
  start: string,
  end: string,
): Promise<TRate[]> {
  const rows = await rates(em)
    .where('property_id', '=', propertyId)
    .where('kind', '=', 'season')
    .where(
      sql<boolean>`daterange(start_date, end_date, '[)') && daterange(${start}::date, ${end}::date, '[)')`,
    )
    .orderBy('start_date')
    .forUpdate()
    .execute();
  return rows.map(toRate);
}

export async function insertSeason(
  em: EntityManager,
  s: { propertyId: number; startDate: string; endDate: string; nightlyPrice: number },
): Promise<TRate> {
  const season = em.create(PropertyRate, {
    property: em.getReference(Property, s.propertyId),
    kind: 'season',
    startDate: s.startDate,
    endDate: s.endDate,
    amount: s.nightlyPrice,
  });
  await em.persist(season).flush();
  return toRate({
    id: season.id,
    property_id: s.propertyId,
    kind: 'season',
    start_date: s.startDate,
    end_date: s.endDate,
    amount: s.nightlyPrice,
  });
}

/**
 * Sets the home's one weekend price or minimum stay, replacing the previous value: an upsert on the
 * partial unique index, which the entity API cannot name, so a typed Kysely write.
 */
export async function upsertRule(
  em: EntityManager,
  propertyId: number,
  kind: Exclude<TRateKind, 'season'>,
  amount: number,
): Promise<TRate> {
  const row = await db(em)
    .insertInto('property_rates')
    .values({ property_id: propertyId, kind: toStored[kind], amount })
    .onConflict((oc) =>
      oc
        .columns(['property_id', 'kind'])
        .where('kind', '<>', 'season')
        .doUpdateSet({ amount: (eb) => eb.ref('excluded.amount'), created_at: sql`now()` }),
    )
    .returning(['id', 'property_id', 'kind', 'amount'])
    .executeTakeFirst();
  if (!row) throw new Error('the rule was not saved');
  return toRate({ ...row, start_date: null, end_date: null });
}

export async function deleteRate(em: EntityManager, propertyId: number, rateId: number): Promise<boolean> {
  return (await em.nativeDelete(PropertyRate, { id: rateId, property: propertyId })) > 0;
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
  pricing: THomePricing | null;
}

/**
 * A home `h` and its property_pricing row `pp` (left-joined: a home without one has no fees or extra
 * rules) as THomePricing, built in the statement that reads it. Whether it takes pets is the home's
 * PETS_AMENITY, its one pets setting (docs/features.md#pets).
 */
const PRICING_JSON = `json_build_object(
  'cleaningFee', pp.cleaning_fee, 'extraGuestFee', pp.extra_guest_fee, 'extraGuestsAbove', pp.extra_guests_above,
  'petFee', pp.pet_fee, 'petsAllowed', h.amenities @> array['${PETS_AMENITY}']::text[], 'weeklyDiscount', pp.weekly_discount,
  'monthlyDiscount', pp.monthly_discount, 'lastMinuteDiscount', pp.last_minute_discount,
  'lastMinuteDays', pp.last_minute_days, 'earlyBirdDiscount', pp.early_bird_discount,
  'earlyBirdDays', pp.early_bird_days, 'touristTaxPerPerson', pp.tourist_tax_per_person,
  'touristTaxPercent', pp.tourist_tax_percent, 'maxNights', pp.max_nights,
  'checkInDays', coalesce(pp.check_in_days, '{}'), 'checkOutDays', coalesce(pp.check_out_days, '{}'))`;

/** An inverted stay (refused later by the rules) asks for an empty range rather than an invalid one. */
const stayEnd = (from: string, to: string) => (to > from ? to : from);

/**
 * The columns of a home's stay rules for [from, to), on a row `alias` that has the home's `id` (the
 * query selects its `price` too, for TRulesRow): its weekend price and minimum stay, only the seasons
 * that touch the stay, the tax rate, and its fees, discounts and pets setting (one probe of the home's
 * primary key and one of property_pricing's unique property id). Read by stayRulesFor, and as text (stayRulesColumns) by the booking's context read and the
 * dated search's page of cards, which read them in their own prepared statement (one round trip fewer).
 */
function ruleColumns(alias: string, from: string, to: string) {
  const home = sql.ref(`${alias}.id`);
  return [
    sql<
      number | null
    >`(select amount from property_rates r where r.property_id = ${home} and r.kind = 'weekend')`.as(
      'weekend',
    ),
    sql<
      number | null
    >`(select amount from property_rates r where r.property_id = ${home} and r.kind = 'min_nights')`.as(
      'min_nights',
    ),
    sql<TRulesRow['seasons']>`(select json_agg(json_build_object('startDate', ${isoDate('r.start_date')},
                                                                 'endDate', ${isoDate('r.end_date')},
                                                                 'nightlyPrice', r.amount) order by r.start_date)
        from property_rates r
       where r.property_id = ${home} and r.kind = 'season'
         and ${overlaps('r.start_date', 'r.end_date', from, stayEnd(from, to))})`.as('seasons'),
    sql<number | null>`(select tax_rate from settings where id = 1)`.as('tax_rate'),
    sql<THomePricing | null>`(select ${sql.raw(PRICING_JSON)}
        from properties h left join property_pricing pp on pp.property_id = h.id
       where h.id = ${home})`.as('pricing'),
  ];
}

/** ruleColumns as SQL text with `?` placeholders, for the prepared reads that share them. */
export function stayRulesColumns(
  alias: string,
  from: string,
  to: string,
): { sql: string; params: unknown[] } {
  return sqlText(sql.join(ruleColumns(alias, from, to)));
}

/**
 * Whether a booking, block or imported event holds a night of [from, to), as a column `held` of a row
 * `alias` that has the home's `id`. Only the quote asks: a booking is refused by the exclusion constraint
 * anyway, and the dated search filters on the holds. The probe walks the holds' GiST index (up to 46 pages
 * for a home of the bench's, 2026-11-26), which a booking's insert walks again for its constraint.
 */
function heldColumn(alias: string, from: string, to: string) {
  return sql<boolean>`exists (select 1 from date_holds h
                   where h.property_id = ${sql.ref(`${alias}.id`)}
                     and ${overlaps('h.start_date', 'h.end_date', from, stayEnd(from, to))})`.as('held');
}

/** The one stayRulesColumns row → TStayRules mapper. */
export function toStayRules(r: TRulesRow): TStayRules {
  return {
    basePrice: r.price,
    weekendPrice: r.weekend,
    minNights: r.min_nights,
    seasons: r.seasons ?? [],
    taxRate: r.tax_rate === null ? null : Number(r.tax_rate),
    pricing: r.pricing,
  };
}

/** The settings' stay limits, read with a home's rules; null before the settings record exists. */
export interface TSettingsLimits {
  minNightsDefault: number;
  maxNightsDefault: number;
  advanceBookingDays: number;
}

/**
 * The price and stay rules of several homes for [from, to) (stayRulesColumns), their capacity and the
 * settings' stay limits, and whether its nights are taken (heldColumn): one query for a quote or a
 * calendar. Homes that are missing or archived are absent from the map.
 */
export async function stayRulesFor(
  em: EntityManager,
  propertyIds: number[],
  from: string,
  to: string,
): Promise<Map<number, TStayRules & { held: boolean; maxGuests: number; settings: TSettingsLimits | null }>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db(em)
    .selectFrom('properties as p')
    .leftJoin('settings as s', (join) => join.on('s.id', '=', 1))
    .select([
      'p.id as property_id',
      'p.price',
      'p.max_guests',
      ...ruleColumns('p', from, to),
      heldColumn('p', from, to),
      's.min_nights_default',
      's.max_nights_default',
      's.advance_booking_days',
    ])
    .where(sql<boolean>`p.id = any(${intArray(propertyIds)}::int[])`)
    .where(listed('p'))
    .execute();
  return new Map(
    rows.map((r) => [
      r.property_id,
      {
        ...toStayRules(r),
        held: r.held,
        maxGuests: r.max_guests,
        settings:
          r.min_nights_default === null || r.max_nights_default === null || r.advance_booking_days === null
            ? null
            : {
                minNightsDefault: r.min_nights_default,
                maxNightsDefault: r.max_nights_default,
                advanceBookingDays: r.advance_booking_days,
              },
      },
    ]),
  );
}
