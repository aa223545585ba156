import { createFileRoute } from '@tanstack/react-router';
import { JoinTeamPage } from '../../features/account/join-team-page.tsx';

export const Route = createFileRoute('/_site/team/join/$token')({
  component: JoinTeamRoute,
});

function JoinTeamRoute() {
  const { token } = Route.useParams();
  return <JoinTeamPage key={token} token={token} />;
}
