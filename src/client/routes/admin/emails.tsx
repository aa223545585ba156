import { createFileRoute } from '@tanstack/react-router';
import { EmailsPage } from '../../features/admin-emails/emails-page.tsx';

export const Route = createFileRoute('/admin/emails')({
  component: EmailsPage,
});
