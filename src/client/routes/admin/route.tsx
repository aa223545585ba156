import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/admin-layout/admin-layout.tsx';
import { AdminPending } from '../../features/admin-layout/admin-pending.tsx';
import { requireAdmin } from '../../lib/admin-guard.ts';
import { readDirectAdminFlag, type TAdminSearch } from '../../lib/direct-admin.ts';

export const Route = createFileRoute('/admin')({
  validateSearch: (search: Record<string, unknown>): TAdminSearch => readDirectAdminFlag(search),
  beforeLoad: ({ context, location, preload }) => requireAdmin({ context, location, preload }),
  // A slow session check shows the skeleton frame instead of a blank page.
  pendingComponent: AdminPending,
  pendingMs: 150,
  pendingMinMs: 0,
  component: AdminLayout,
});
