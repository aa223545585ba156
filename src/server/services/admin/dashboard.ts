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
  inHouseNow,
  recentBookings,
  recentProperties,
  staysOnDay,
  turnoverCounts,
} from '../../repositories/dashboard.ts';
import { addDays } from '#shared/dates.ts';
import { occupancyByNight, roomRevenueByMonth, type TOccupancyNight } from '../reports/revenue.ts';

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
 * The next nights' occupancy by the reports' definitions (docs/reports.md): nights sold, imported ones
 * included, over nights available (listed homes less blocked and owner nights), in all and night by night.
 */
function occupancy(byNight: TOccupancyNight[]): TDashboard['occupancy'] {
  const bookedNights = byNight.reduce((sum, n) => sum + n.booked, 0);
  const availableNights = byNight.reduce((sum, n) => sum + n.available, 0);
  return {
    bookedNights,
    availableNights,
    rate: availableNights > 0 ? bookedNights / availableNights : 0,
    byDay: byNight.map((n) => ({
      date: n.date,
      booked: n.booked,
      rate: n.available > 0 ? n.booked / n.available : 0,
    })),
  };
}

/**
 * The dashboard, counted by the database. Total Revenue is the spec's figure: what guests are charged for
 * every stay not cancelled or declined, taxes and fees included; the chart is room revenue by the reports'
 * definitions. The page says which is which. Archived (deleted) properties are not counted, as they are
 * listed nowhere.
 */
export async function getDashboard(em: EntityManager, homes: THomeScope = null): Promise<TDashboard> {
  const today = new Date().toISOString().slice(0, 10);
  const [counters, bookings, properties, turnover, arrivals, departures, byNight, revenue, inHouse] =
    await Promise.all([
      dashboardCounters(em, homes),
      recentBookings(em, DASHBOARD_RECENT, homes),
      recentProperties(em, DASHBOARD_RECENT, homes),
      turnoverCounts(em, homes),
      staysOnDay(em, 'check_in', DASHBOARD_TODAY_LIST, homes),
      staysOnDay(em, 'check_out', DASHBOARD_TODAY_LIST, homes),
      occupancyByNight(em, { from: today, to: addDays(today, OCCUPANCY_DAYS - 1) }, homes),
      revenueByMonth(em, REVENUE_MONTHS, homes, today),
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
    occupancy: occupancy(byNight),
    revenueByMonth: revenue,
  };
}
