import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/account/reset-password-page.tsx';

export const Route = createFileRoute('/_site/reset-password/$token')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  return <ResetPasswordPage key={token} token={token} />;
}
