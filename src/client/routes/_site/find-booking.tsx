import { createFileRoute } from '@tanstack/react-router';
import { FindBookingPage } from '../../features/manage/find-booking-page.tsx';

export const Route = createFileRoute('/_site/find-booking')({
  component: FindBookingPage,
});
