import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../features/admin-payments/payments-page.tsx';

export const Route = createFileRoute('/admin/payments')({
  component: PaymentsPage,
});
