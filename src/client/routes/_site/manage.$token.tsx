import { createFileRoute } from '@tanstack/react-router';
import { ManageBookingPage } from '../../features/manage/manage-page.tsx';

export const Route = createFileRoute('/_site/manage/$token')({
  component: ManageRoute,
});

function ManageRoute() {
  const { token } = Route.useParams();
  return <ManageBookingPage key={token} token={token} />;
}
