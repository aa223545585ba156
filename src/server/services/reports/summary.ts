import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { daysBetween } from '#shared/dates.ts';
import {
  REPORT_HOMES_SHOWN,
  REPORT_SOURCES,
  type TReportFigures,
  type TReportSummary,
  type ZReportInput,
} from '#shared/schemas/reports.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import {
  arrivalsProfile,
  bookedByLastYear,
  byMonth,
  countListedHomes,
  importedArrivals,
  topHomes,
} from '../../repositories/reports.ts';

/** Occupancy, ADR and RevPAR from nights and revenue (docs/staff.md#reports); 0 where a divisor is 0. */
export function figures(bookedNights: number, availableNights: number, revenue: number): TReportFigures {
  return {
    availableNights,
    bookedNights,
    revenue: Math.round(revenue * 100) / 100,
    occupancy: availableNights > 0 ? bookedNights / availableNights : 0,
    adr: bookedNights > 0 ? revenue / bookedNights : 0,
    revpar: availableNights > 0 ? revenue / availableNights : 0,
  };
}

const cents = (v: number) => Math.round(v * 100) / 100;

/** The same calendar day a year earlier (29 February becomes the 28th), as PostgreSQL's interval does. */
function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const leapDay = m === 2 && d === 29;
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(leapDay ? 28 : d).padStart(2, '0')}`;
}

/**
 * The reports page for a range, one home or all the caller may see. `now` is when the books are read,
 * for the booking pace (tests pass their own clock).
 */
export async function reportSummary(
  em: EntityManager,
  input: z.output<typeof ZReportInput>,
  homes: THomeScope = null,
  now = new Date(),
): Promise<TReportSummary> {
  const scope = { from: input.from, to: input.to, propertyId: input.propertyId, homes };
  const nights = daysBetween(input.from, input.to) + 1;
  const [listed, shown, months, arrivals, imported, lastYearData] = await Promise.all([
    countListedHomes(em, scope),
    topHomes(em, scope, REPORT_HOMES_SHOWN),
    byMonth(em, scope, now),
    arrivalsProfile(em, scope),
    importedArrivals(em, scope),
    bookedByLastYear(em, scope, now),
  ]);
  const asOf = now.toISOString().slice(0, 10);
  // A booking's `website` source is a direct booking; the operator's sources keep their own names.
  const stayOf = (source: string) =>
    arrivals.bySource.find((r) => r.source === (source === 'direct' ? 'website' : source));
  // The months make up the range, so their sums are the totals over every home in scope. Archived homes
  // offer no nights, but stays they held in the range still count as sold.
  const booked = months.reduce((sum, m) => sum + m.booked_nights, 0);
  const revenue = months.reduce((sum, m) => sum + m.revenue, 0);
  return {
    from: input.from,
    to: input.to,
    nights,
    homes: listed,
    totals: figures(booked, listed * nights, revenue),
    byHome: shown.map((h) => ({
      propertyId: h.property_id,
      title: h.title,
      ...figures(h.booked_nights, h.archived ? 0 : nights, h.revenue),
    })),
    byMonth: months.map((m) => ({
      month: m.month,
      bookedNights: m.booked_nights,
      revenue: Math.round(m.revenue * 100) / 100,
    })),
    leadTime: arrivals.lead,
    lengthOfStay: arrivals.length,
    cancellations: {
      arrivals: arrivals.arrivals,
      cancelled: arrivals.cancelled,
      rate: arrivals.arrivals > 0 ? arrivals.cancelled / arrivals.arrivals : 0,
      lostRevenue: arrivals.lost_revenue,
    },
    sources: REPORT_SOURCES.map((source) =>
      source === 'imported'
        ? { source, stays: imported.stays, nights: imported.nights }
        : { source, stays: stayOf(source)?.stays ?? 0, nights: stayOf(source)?.nights ?? 0 },
    ),
    pace: {
      asOf,
      lastYearAsOf: yearEarlier(asOf),
      lastYearData,
      months: months.map((m) => ({
        month: m.month,
        nights: m.pace_nights,
        revenue: cents(m.pace_revenue),
        lastYearNights: m.ly_nights,
        lastYearRevenue: cents(m.ly_revenue),
      })),
    },
  };
}
