import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DASHBOARD_TODAY_LIST,
  OCCUPANCY_DAYS,
  REVENUE_MONTHS,
  type TDashboard,
} from '../../../shared/schemas/admin.ts';
import {
  dashboardCounters,
  bookedNights,
  recentBookings,
  recentProperties,
  revenueByMonth,
  staysOnDay,
  turnoverCounts,
} from '../../repositories/dashboard.ts';

export const DASHBOARD_RECENT = 5;

/** Nights held over nights offered by listed homes (the homes counted once, with the counters). */
function occupancy(bookedNights: number, availableNights: number): TDashboard['occupancy'] {
  return { bookedNights, availableNights, rate: availableNights > 0 ? bookedNights / availableNights : 0 };
}

/**
 * The dashboard, counted by the database. Revenue sums totalPrice of confirmed and pending bookings,
 * excluding cancelled ones (a cancelled stay earns nothing), and the page says so. Archived (deleted)
 * properties are not counted, as they are listed nowhere.
 */
export async function getDashboard(em: EntityManager): Promise<TDashboard> {
  const [counters, bookings, properties, turnover, arrivals, departures, booked, revenue] = await Promise.all(
    [
      dashboardCounters(em),
      recentBookings(em, DASHBOARD_RECENT),
      recentProperties(em, DASHBOARD_RECENT),
      turnoverCounts(em),
      staysOnDay(em, 'check_in', DASHBOARD_TODAY_LIST),
      staysOnDay(em, 'check_out', DASHBOARD_TODAY_LIST),
      bookedNights(em, OCCUPANCY_DAYS),
      revenueByMonth(em, REVENUE_MONTHS),
    ],
  );
  return {
    ...counters,
    recentBookings: bookings,
    recentProperties: properties,
    ...turnover,
    arrivalsToday: arrivals,
    departuresToday: departures,
    occupancy: occupancy(booked, counters.totalProperties * OCCUPANCY_DAYS),
    revenueByMonth: revenue,
  };
}
