import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../features/admin-team/team-page.tsx';

export const Route = createFileRoute('/admin/team')({
  component: TeamPage,
});
