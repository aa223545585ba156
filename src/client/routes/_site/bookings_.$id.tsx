import { createFileRoute } from '@tanstack/react-router';
import { MyBookingDetailPage } from '../../features/manage/my-booking-detail.tsx';

export const Route = createFileRoute('/_site/bookings_/$id')({
  component: MyBookingDetailRoute,
});

function MyBookingDetailRoute() {
  const { id } = Route.useParams();
  const n = Number(id);
  return <MyBookingDetailPage id={Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined} />;
}
