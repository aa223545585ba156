import { createFileRoute } from '@tanstack/react-router';
import { StatementPage } from '../../features/admin-statements/statement-page.tsx';

export const Route = createFileRoute('/admin/statements')({
  component: StatementPage,
});
