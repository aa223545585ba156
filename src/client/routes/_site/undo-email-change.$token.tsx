import { createFileRoute } from '@tanstack/react-router';
import { UndoEmailChangePage } from '../../features/account/undo-email-change-page.tsx';

export const Route = createFileRoute('/_site/undo-email-change/$token')({
  component: UndoEmailChangeRoute,
});

function UndoEmailChangeRoute() {
  const { token } = Route.useParams();
  return <UndoEmailChangePage key={token} token={token} />;
}
