import type { THomeScope } from '../../repositories/home-scope.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { toMajor } from '#shared/money.ts';
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
  staysOnDay,
  turnoverCounts,
} from '../../repositories/dashboard.ts';
import { roomRevenueByMonth } from '../reports/revenue.ts';

export const DASHBOARD_RECENT = 5;

/**
 * Room revenue of the last `count` months (this one included) by the revenue module (docs/reports.md),
 * so the dashboard's months are the reports' months.
 */
async function revenueByMonth(
  em: EntityManager,
  count: number,
  homes: THomeScope,
  today: string,
): Promise<TDashboard['revenueByMonth']> {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - count, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const months = await roomRevenueByMonth(em, { from: first, to: last }, homes);
  return months.map((r) => ({ month: r.month, revenue: toMajor(r.room) }));
}

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
 * The dashboard, counted by the database. Total Revenue is the spec's figure: what guests are charged for
 * every stay not cancelled or declined, taxes and fees included; the chart is room revenue by the reports'
 * definitions. The page says which is which. Archived (deleted) properties are not counted, as they are
 * listed nowhere.
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
      revenueByMonth(em, REVENUE_MONTHS, homes, new Date().toISOString().slice(0, 10)),
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
