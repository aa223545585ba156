import { createFileRoute } from '@tanstack/react-router';
import { MyBookingDetailPage } from '../../features/manage/my-booking-detail.tsx';
import { readId } from '#shared/url-search.ts';

export const Route = createFileRoute('/_site/bookings_/$id')({
  component: MyBookingDetailRoute,
});

function MyBookingDetailRoute() {
  return <MyBookingDetailPage id={readId(Route.useParams().id)} />;
}
