import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconBuildingEstate,
  IconCalendarEvent,
  IconCalendarMonth,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconSettings,
  IconStar,
} from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { LogoMark } from '../../components/layout/logo.tsx';
import { ThemeToggle } from '../../components/layout/theme-toggle.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import '../../styles/more-components.css';

interface TNavItem {
  label: string;
  path: string;
  icon: typeof IconStar;
}

export const ADMIN_NAV: readonly TNavItem[] = [
  { label: 'Dashboard', path: '/admin', icon: IconLayoutDashboard },
  { label: 'Listings', path: '/admin/listings', icon: IconBuildingEstate },
  { label: 'Bookings', path: '/admin/bookings', icon: IconCalendarEvent },
  { label: 'Calendar', path: '/admin/calendar', icon: IconCalendarMonth },
  { label: 'Reviews', path: '/admin/reviews', icon: IconStar },
  { label: 'Emails', path: '/admin/emails', icon: IconMail },
  { label: 'Settings', path: '/admin/settings', icon: IconSettings },
];

/** The item whose path is the longest prefix of the current path (so /admin only matches the dashboard itself). */
export function activeNavPath(pathname: string): string | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_NAV.map((i) => i.path)
    .filter((p) => clean === p || clean.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** Client-side navigation for a plain link, leaving modified clicks (new tab…) to the browser. */
function useHrefClick() {
  const navigate = useNavigate();
  return (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate({ href });
  };
}

/** The admin area's frame (admin-side §2.1): sidebar with the five sections, Back to site and Logout. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const directAdmin = useDirectAdmin();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const hrefClick = useHrefClick();
  const { settings } = useSiteConfig();
  const active = activeNavPath(pathname);
  const suffix = directAdmin ? '?directAdmin=true' : '';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <LogoMark size={28} />
            <Text fw={700} fz="lg">
              {settings.siteName} Admin
            </Text>
          </Group>
          <ThemeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin navigation" data-testid="admin-sidebar">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {ADMIN_NAV.map(({ label, path, icon: Icon }) => {
              const href = `${path}${suffix}`;
              return (
                <NavLink
                  key={path}
                  component="a"
                  href={href}
                  onClick={(e: MouseEvent<HTMLAnchorElement>) => {
                    close();
                    hrefClick(href)(e);
                  }}
                  label={label}
                  leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
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
      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
