import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { LogoMark } from '../../components/layout/logo.tsx';
import { ThemeToggle } from '../../components/layout/theme-toggle.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import '../../styles/more-components.css';
import { AdminNav } from './admin-nav.tsx';

/** The admin area's frame (docs/product.md#admin-area): sidebar with the five sections, Back to site and Logout. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { settings } = useSiteConfig();

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
      <AdminNav onNavigate={close} />
      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
