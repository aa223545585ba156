import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/admin-layout/admin-layout.tsx';
import { requireAdmin } from '../../lib/admin-guard.ts';
import { readDirectAdminFlag, type TAdminSearch } from '../../lib/direct-admin.ts';

export const Route = createFileRoute('/admin')({
  validateSearch: (search: Record<string, unknown>): TAdminSearch => readDirectAdminFlag(search),
  beforeLoad: ({ context, location, preload }) => requireAdmin({ context, location, preload }),
  component: AdminLayout,
});
