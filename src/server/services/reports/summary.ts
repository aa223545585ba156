import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { daysBetween } from '#shared/dates.ts';
import {
  REPORT_HOMES_SHOWN,
  REPORT_SOURCES,
  type TReportSummary,
  type ZReportInput,
} from '#shared/schemas/reports.ts';
import type { THomeScope } from '../../repositories/home-scope.ts';
import { toMajor } from '#shared/money.ts';
import { arrivalsProfile, bookedByLastYear, importedArrivals } from '../../repositories/reports.ts';
import { revenueExtras, revenueFigures, revenueHomes, revenueRange } from './revenue.ts';

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
  const [range, shown, arrivals, imported, lastYearData] = await Promise.all([
    revenueRange(em, input, homes, now),
    revenueHomes(em, input, homes, REPORT_HOMES_SHOWN),
    arrivalsProfile(em, scope),
    importedArrivals(em, scope),
    bookedByLastYear(em, scope, now),
  ]);
  const asOf = now.toISOString().slice(0, 10);
  // A booking's `website` source is a direct booking; the operator's sources keep their own names.
  const stayOf = (source: string) =>
    arrivals.bySource.find((r) => r.source === (source === 'direct' ? 'website' : source));
  return {
    from: input.from,
    to: input.to,
    nights,
    homes: range.listedHomes,
    totals: { ...revenueFigures(range.totals), ...revenueExtras(range.totals) },
    byHome: shown,
    byMonth: range.months.map((m) => ({ month: m.month, ...revenueFigures(m), ...revenueExtras(m) })),
    leadTime: arrivals.lead,
    lengthOfStay: arrivals.length,
    cancellations: {
      arrivals: arrivals.arrivals,
      cancelled: arrivals.cancelled,
      rate: arrivals.arrivals > 0 ? arrivals.cancelled / arrivals.arrivals : 0,
      lostRevenue: toMajor(arrivals.lost_room),
    },
    // Imported stays carry no price and an owner's stay is no sale: neither has room revenue to show.
    sources: REPORT_SOURCES.map((source) =>
      source === 'imported'
        ? { source, stays: imported.stays, nights: imported.nights, roomRevenue: null }
        : {
            source,
            stays: stayOf(source)?.stays ?? 0,
            nights: stayOf(source)?.nights ?? 0,
            roomRevenue: source === 'owner' ? null : toMajor(stayOf(source)?.room ?? 0),
          },
    ),
    pace: {
      asOf,
      lastYearAsOf: yearEarlier(asOf),
      lastYearData,
      months: range.pace.map((m) => ({
        month: m.month,
        nights: m.pace_nights,
        roomRevenue: toMajor(m.pace_room),
        lastYearNights: m.ly_nights,
        lastYearRoomRevenue: toMajor(m.ly_room),
      })),
    },
  };
}
