import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '../../../shared/constants.ts';
import type { TDashboard } from '../../../shared/schemas/admin.ts';

export const DASHBOARD_RECENT = 5;

interface TCounters {
  total_properties: number;
  total_bookings: number;
  total_revenue: number;
  pending_bookings: number;
}

/**
 * The dashboard, counted by the database. Revenue sums totalPrice of bookings that are not cancelled:
 * a cancelled stay earns nothing. Archived (deleted) properties are not counted, as they are listed nowhere.
 */
export async function getDashboard(em: EntityManager): Promise<TDashboard> {
  const [counters] = await em.execute<TCounters[]>(
    `select (select count(*)::int from properties where archived_at is null) as total_properties,
            (select count(*)::int from bookings) as total_bookings,
            (select coalesce(sum(total_price), 0)::float8 from bookings where status <> 'cancelled') as total_revenue,
            (select count(*)::int from bookings where status = 'pending') as pending_bookings`,
  );
  const bookings = await em.execute<
    { id: number; confirmation_number: string; check_in: string; check_out: string; status: TBookingStatus }[]
  >(
    `select id, confirmation_number, to_char(check_in, 'YYYY-MM-DD') as check_in, to_char(check_out, 'YYYY-MM-DD') as check_out, status
       from bookings order by created_at desc, id desc limit ?`,
    [DASHBOARD_RECENT],
  );
  const properties = await em.execute<{ id: number; title: string; location: string; price: number }[]>(
    'select id, title, location, price from properties where archived_at is null order by id desc limit ?',
    [DASHBOARD_RECENT],
  );
  return {
    totalProperties: counters?.total_properties ?? 0,
    totalBookings: counters?.total_bookings ?? 0,
    totalRevenue: counters?.total_revenue ?? 0,
    pendingBookings: counters?.pending_bookings ?? 0,
    recentBookings: bookings.map((b) => ({
      id: b.id,
      confirmationNumber: b.confirmation_number,
      checkIn: b.check_in,
      checkOut: b.check_out,
      status: b.status,
    })),
    recentProperties: properties,
  };
}
