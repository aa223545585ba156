import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, daysBetween } from '#shared/dates.ts';
import { toMajor } from '#shared/money.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import { countListedHomes } from '../../repositories/reports.ts';
import {
  nightsByNight,
  otherNightsByMonth,
  revenueByHome,
  revenueMonths,
  type TRevenueHome,
  type TRevenueMonth,
  type TRevenueScope,
} from '../../repositories/revenue.ts';

/**
 * The one revenue module (docs/reports.md): room revenue, ADR, occupancy, RevPAR, other revenue and the
 * pass-through amounts of a range, the same for the reports, the dashboard and owner statements. Sums are
 * kept in minor units; only the figures handed to the wire are currency units.
 */

/** Nights and amounts (minor units) of a range or of one month of it. */
export interface TRevenueSums {
  /** Nights of our own priced stays, pending or confirmed, not an owner's. */
  soldNights: number;
  importedNights: number;
  blockedNights: number;
  ownerNights: number;
  /** Listed homes × nights, less blocked and owner nights. */
  availableNights: number;
  room: number;
  other: number;
  fees: number;
  gst: number;
  touristTax: number;
}

export interface TRevenueFigures {
  availableNights: number;
  bookedNights: number;
  importedNights: number;
  roomRevenue: number;
  occupancy: number;
  adr: number;
  revpar: number;
}

/** Minor units divided by a count, as currency units rounded to the cent; 0 when the count is 0. */
const perNight = (minor: number, nights: number) => (nights > 0 ? toMajor(Math.round(minor / nights)) : 0);

/**
 * Occupancy, ADR and RevPAR by the definitions (docs/reports.md). Nights sold include imported stays;
 * ADR divides room revenue by the nights sold with a price, since an imported night's price is unknown
 * (counting it as 0 would understate the rate).
 */
export function revenueFigures(
  sum: Pick<TRevenueSums, 'soldNights' | 'importedNights' | 'availableNights' | 'room'>,
): TRevenueFigures {
  const booked = sum.soldNights + sum.importedNights;
  return {
    availableNights: sum.availableNights,
    bookedNights: booked,
    importedNights: sum.importedNights,
    roomRevenue: toMajor(sum.room),
    occupancy: sum.availableNights > 0 ? booked / sum.availableNights : 0,
    adr: perNight(sum.room, sum.soldNights),
    revpar: perNight(sum.room, sum.availableNights),
  };
}

/** The range's other revenue and pass-through amounts, in currency units. */
export function revenueExtras(sum: TRevenueSums) {
  return {
    blockedNights: sum.blockedNights,
    ownerNights: sum.ownerNights,
    otherRevenue: toMajor(sum.other),
    fees: toMajor(sum.fees),
    gst: toMajor(sum.gst),
    touristTax: toMajor(sum.touristTax),
  };
}

export interface TRevenueRange {
  listedHomes: number;
  months: (TRevenueSums & { month: string })[];
  totals: TRevenueSums;
  /** The pace's and last year's columns of each month, as the repository reads them (minor units). */
  pace: TRevenueMonth[];
}

/** The nights of [from, to] (both included) that fall in `month` (yyyy-MM). */
function nightsInMonth(from: string, to: string, month: string): number {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const start = from > first ? from : first;
  const monthEnd = addDays(next, -1);
  const last = to < monthEnd ? to : monthEnd;
  return Math.max(0, daysBetween(start, last) + 1);
}

const add = (a: TRevenueSums, b: TRevenueSums): TRevenueSums => ({
  soldNights: a.soldNights + b.soldNights,
  importedNights: a.importedNights + b.importedNights,
  blockedNights: a.blockedNights + b.blockedNights,
  ownerNights: a.ownerNights + b.ownerNights,
  availableNights: a.availableNights + b.availableNights,
  room: a.room + b.room,
  other: a.other + b.other,
  fees: a.fees + b.fees,
  gst: a.gst + b.gst,
  touristTax: a.touristTax + b.touristTax,
});

const ZERO: TRevenueSums = {
  soldNights: 0,
  importedNights: 0,
  blockedNights: 0,
  ownerNights: 0,
  availableNights: 0,
  room: 0,
  other: 0,
  fees: 0,
  gst: 0,
  touristTax: 0,
};

/**
 * A range's revenue by month and in total, over the homes in scope. The months make up the range, so the
 * totals are their sums. With `asOf`, the months also carry the booking pace against last year.
 */
export async function revenueRange(
  em: EntityManager,
  range: { from: string; to: string; propertyId?: number | undefined },
  homes: THomeScope,
  asOf: Date | null = null,
): Promise<TRevenueRange> {
  const scope: TRevenueScope = { ...range, homes };
  const [listed, months, other] = await Promise.all([
    countListedHomes(em, scope),
    revenueMonths(em, scope, asOf),
    otherNightsByMonth(em, scope),
  ]);
  const byMonth = months.map((m, i) => {
    const o = other[i];
    const blocked = o?.blocked ?? 0;
    const owner = o?.owner ?? 0;
    return {
      month: m.month,
      soldNights: m.sold_nights,
      importedNights: o?.imported ?? 0,
      blockedNights: blocked,
      ownerNights: owner,
      availableNights: Math.max(0, listed * nightsInMonth(range.from, range.to, m.month) - blocked - owner),
      room: m.room,
      other: m.other,
      fees: m.fees,
      gst: m.gst,
      touristTax: m.tourist_tax,
    };
  });
  return {
    listedHomes: listed,
    months: byMonth,
    totals: byMonth.reduce<TRevenueSums>(add, ZERO),
    pace: months,
  };
}

/** Night by night: nights sold (with imported ones) over the homes available that night. */
export interface TOccupancyNight {
  date: string;
  booked: number;
  available: number;
}

/**
 * The range's occupancy night by night, by the definitions the reports use (docs/reports.md): its sums
 * are revenueRange's nights sold and available nights for the same range.
 */
export async function occupancyByNight(
  em: EntityManager,
  range: { from: string; to: string },
  homes: THomeScope,
): Promise<TOccupancyNight[]> {
  const scope: TRevenueScope = { ...range, homes };
  const [listed, nights] = await Promise.all([countListedHomes(em, scope), nightsByNight(em, scope)]);
  return nights.map((n) => ({
    date: n.date,
    booked: n.sold + n.imported,
    available: Math.max(0, listed - n.blocked - n.owner),
  }));
}

/** Room revenue (minor units) of each month of the range, alone: the dashboard's chart. */
export async function roomRevenueByMonth(
  em: EntityManager,
  range: { from: string; to: string },
  homes: THomeScope,
): Promise<{ month: string; room: number }[]> {
  const months = await revenueMonths(em, { ...range, homes });
  return months.map((m) => ({ month: m.month, room: m.room }));
}

/** The homes with the most room revenue in the range, with their figures (an archived home offers no nights). */
export async function revenueHomes(
  em: EntityManager,
  range: { from: string; to: string; propertyId?: number | undefined },
  homes: THomeScope,
  limit: number,
): Promise<(TRevenueFigures & { propertyId: number; title: string })[]> {
  const nights = daysBetween(range.from, range.to) + 1;
  const rows: TRevenueHome[] = await revenueByHome(em, { ...range, homes }, limit);
  return rows.map((h) => ({
    propertyId: h.property_id,
    title: h.title,
    ...revenueFigures({
      soldNights: h.sold_nights,
      importedNights: h.imported,
      availableNights: h.archived ? 0 : Math.max(0, nights - h.blocked - h.owner),
      room: h.room,
    }),
  }));
}
