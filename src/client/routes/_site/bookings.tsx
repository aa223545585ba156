import { createFileRoute } from '@tanstack/react-router';
import { MyBookingsPage } from '../../features/booking/my-bookings.tsx';

export const Route = createFileRoute('/_site/bookings')({
  component: MyBookingsPage,
});
