import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { siteConfigQuery } from './api/config.ts';
import { openAuthDialog } from './auth-dialog-state.ts';
import { ensureSessionUser } from './session.ts';
import { landingPage, mayOpen, staffRole } from './staff-pages.ts';

export interface TAdminGuardArgs {
  context: { queryClient: QueryClient };
  location: { search: unknown; href: string; pathname: string };
  /** True when the router only preloads (hover): no toasts, no dialog. */
  preload: boolean;
}

function hasDirectAdminFlag(search: unknown): boolean {
  if (!search || typeof search !== 'object') return false;
  const flag = (search as Record<string, unknown>).directAdmin;
  return flag === true || flag === 'true';
}

/**
 * `beforeLoad` of the admin layout (docs/product.md#admin-guard). A convenience only: every admin call is still
 * checked on the server. `directAdmin=true` skips the check only when the server says demo mode is on
 * (docs/decisions.md#demo-admin); otherwise the flag grants nothing.
 */
export async function requireAdmin({ context, location, preload }: TAdminGuardArgs): Promise<void> {
  if (hasDirectAdminFlag(location.search)) {
    const config = await context.queryClient.ensureQueryData(siteConfigQuery()).catch(() => null);
    if (config?.demoDirectAdmin) return;
  }
  const user = await ensureSessionUser(context.queryClient);
  if (!user) {
    if (!preload) {
      // After signing in, the admin lands on the page they asked for, not on /.
      openAuthDialog('login', location.href);
      notifications.show({
        title: 'Authentication Required',
        message: 'Please login to access the admin area',
        color: 'red',
      });
    }
    throw redirect({ to: '/' });
  }
  const role = staffRole(user);
  if (!mayOpen(role, location.pathname)) {
    const landing = landingPage(role);
    // Staff who open the admin area's front door go to their own first page without a complaint.
    if (role && landing !== '/' && location.pathname.replace(/\/+$/, '') === '/admin')
      throw redirect({ to: landing });
    if (!preload) {
      notifications.show({
        title: 'Access Denied',
        message: "You don't have permission to access the admin area",
        color: 'red',
      });
    }
    // Staff land on the first page their role opens; anyone else goes back to the site.
    throw redirect({ to: landing });
  }
}
