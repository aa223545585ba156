import { createFileRoute } from '@tanstack/react-router';
import { InquiryThreadPage } from '../../features/manage/inquiry-thread-page.tsx';

export const Route = createFileRoute('/_site/messages/$token')({
  component: MessagesRoute,
});

function MessagesRoute() {
  const { token } = Route.useParams();
  return <InquiryThreadPage key={token} token={token} />;
}
