import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '../../features/admin-bookings/bookings-page.tsx';
import { parseBookingsSearch } from '../../features/admin-bookings/search.ts';

export const Route = createFileRoute('/admin/bookings')({
  validateSearch: (search: Record<string, unknown>) => parseBookingsSearch(search),
  component: function AdminBookings() {
    return <BookingsPage search={Route.useSearch()} />;
  },
});
