import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DASHBOARD_TODAY_LIST,
  OCCUPANCY_DAYS,
  REVENUE_MONTHS,
  type TDashboard,
} from '#shared/schemas/admin.ts';
import {
  dashboardCounters,
  bookedByNight,
  inHouseNow,
  recentBookings,
  recentProperties,
  revenueByMonth,
  staysOnDay,
  turnoverCounts,
} from '../../repositories/dashboard.ts';

export const DASHBOARD_RECENT = 5;

/**
 * Nights held over nights offered by listed homes (the homes counted once, with the counters), over the
 * window and night by night.
 */
function occupancy(byNight: { date: string; booked: number }[], homes: number): TDashboard['occupancy'] {
  const bookedNights = byNight.reduce((sum, n) => sum + n.booked, 0);
  const availableNights = homes * byNight.length;
  return {
    bookedNights,
    availableNights,
    rate: availableNights > 0 ? bookedNights / availableNights : 0,
    byDay: byNight.map((n) => ({ ...n, rate: homes > 0 ? n.booked / homes : 0 })),
  };
}

/**
 * The dashboard, counted by the database. Revenue sums totalPrice of confirmed and pending bookings,
 * excluding cancelled ones (a cancelled stay earns nothing), and the page says so. Archived (deleted)
 * properties are not counted, as they are listed nowhere.
 */
export async function getDashboard(em: EntityManager, homes: THomeScope = null): Promise<TDashboard> {
  const [counters, bookings, properties, turnover, arrivals, departures, byNight, revenue, inHouse] =
    await Promise.all([
      dashboardCounters(em, homes),
      recentBookings(em, DASHBOARD_RECENT, homes),
      recentProperties(em, DASHBOARD_RECENT, homes),
      turnoverCounts(em, homes),
      staysOnDay(em, 'check_in', DASHBOARD_TODAY_LIST, homes),
      staysOnDay(em, 'check_out', DASHBOARD_TODAY_LIST, homes),
      bookedByNight(em, OCCUPANCY_DAYS, homes),
      revenueByMonth(em, REVENUE_MONTHS, homes),
      inHouseNow(em, homes),
    ]);
  return {
    ...counters,
    recentBookings: bookings,
    recentProperties: properties,
    ...turnover,
    arrivalsToday: arrivals,
    departuresToday: departures,
    inHouseNow: inHouse,
    occupancy: occupancy(byNight, counters.totalProperties),
    revenueByMonth: revenue,
  };
}
