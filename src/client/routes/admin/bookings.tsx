import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '../../features/admin-bookings/bookings-page.tsx';

interface TBookingsSearch {
  page?: number;
}

export const Route = createFileRoute('/admin/bookings')({
  validateSearch: (search: Record<string, unknown>): TBookingsSearch => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  component: function AdminBookings() {
    const { page } = Route.useSearch();
    return <BookingsPage page={page ?? 1} />;
  },
});
