import { AppShell, Badge, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconBrush,
  IconCash,
  IconChartBar,
  IconReceipt,
  IconArrowLeft,
  IconBuildingEstate,
  IconCalendarEvent,
  IconCalendarMonth,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconInbox,
  IconMail,
  IconMessageCog,
  IconSettings,
  IconStar,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { useHrefClick } from '../../lib/href-click.ts';
import { mayOpen, staffRole } from '../../lib/staff-pages.ts';
import { unreadMessagesQuery } from './api.ts';

interface TNavItem {
  label: string;
  path: string;
  icon: typeof IconStar;
}

export const ADMIN_NAV: readonly TNavItem[] = [
  { label: 'Dashboard', path: '/admin', icon: IconLayoutDashboard },
  { label: 'Listings', path: '/admin/listings', icon: IconBuildingEstate },
  { label: 'Bookings', path: '/admin/bookings', icon: IconCalendarEvent },
  { label: 'Inbox', path: '/admin/inbox', icon: IconInbox },
  { label: 'Automated messages', path: '/admin/messages', icon: IconMessageCog },
  { label: 'Calendar', path: '/admin/calendar', icon: IconCalendarMonth },
  { label: 'Turnovers', path: '/admin/tasks', icon: IconBrush },
  { label: 'Reviews', path: '/admin/reviews', icon: IconStar },
  { label: 'Guests', path: '/admin/users', icon: IconUsers },
  { label: 'Payments', path: '/admin/payments', icon: IconCash },
  { label: 'Reports', path: '/admin/reports', icon: IconChartBar },
  { label: 'Statements', path: '/admin/statements', icon: IconReceipt },
  { label: 'Emails', path: '/admin/emails', icon: IconMail },
  { label: 'Team', path: '/admin/team', icon: IconUsersGroup },
  { label: 'Activity', path: '/admin/activity', icon: IconHistory },
  { label: 'Settings', path: '/admin/settings', icon: IconSettings },
];

/** The item whose path is the longest prefix of the current path (so /admin only matches the dashboard itself). */
export function activeNavPath(pathname: string): string | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_NAV.map((i) => i.path)
    .filter((p) => clean === p || clean.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The sidebar: the sections (direct admin access carried along), Back to site and Logout. */
export function AdminNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const directAdmin = useDirectAdmin();
  const { logout, user } = useAuth();
  // The demo mode acts as the owner-operator (docs/decisions.md#demo-admin).
  const role = directAdmin ? 'owner-operator' : staffRole(user);
  const items = ADMIN_NAV.filter((item) => mayOpen(role, item.path));
  const navigate = useNavigate();
  const hrefClick = useHrefClick();
  const active = activeNavPath(pathname);
  // Unread guest messages beside Inbox (docs/messaging.md#inbox).
  const unread =
    useQuery({
      ...unreadMessagesQuery(),
      refetchInterval: 30_000,
      enabled: mayOpen(role, '/admin/inbox'),
    }).data?.unread ?? 0;
  const suffix = directAdmin ? '?directAdmin=true' : '';
  return (
    <AppShell.Navbar p="sm" aria-label="Admin navigation" data-testid="admin-sidebar">
      <AppShell.Section grow component={ScrollArea}>
        <Stack gap={4}>
          {items.map(({ label, path, icon: Icon }) => {
            const href = `${path}${suffix}`;
            return (
              <NavLink
                key={path}
                component="a"
                href={href}
                onClick={(e: MouseEvent<HTMLAnchorElement>) => {
                  onNavigate();
                  hrefClick(href)(e);
                }}
                label={label}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                rightSection={
                  path === '/admin/inbox' && unread > 0 ? (
                    <Badge size="sm" circle aria-label={`${unread} unread`} data-testid="inbox-unread">
                      {unread}
                    </Badge>
                  ) : undefined
                }
                active={active === path}
                aria-current={active === path ? 'page' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
        </Stack>
      </AppShell.Section>
      <AppShell.Section>
        <Stack gap={4} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <NavLink
            component="a"
            href="/"
            onClick={hrefClick('/')}
            label="Back to site"
            leftSection={<IconArrowLeft size={18} stroke={1.6} aria-hidden />}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
          <NavLink
            component="button"
            type="button"
            onClick={() => {
              void logout().then(() => navigate({ to: '/' }));
            }}
            label="Logout"
            leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </Stack>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
