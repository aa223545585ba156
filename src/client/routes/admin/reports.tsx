import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/admin-reports/reports-page.tsx';

export const Route = createFileRoute('/admin/reports')({
  component: ReportsPage,
});
