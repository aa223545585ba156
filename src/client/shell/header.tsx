import { Box, Button, Container, Group } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { LazySearchDialog, preloadSearchDialog } from '../features/search/lazy-search-dialog.tsx';
import { CompactSearch, SearchBar } from '../features/search/search-bar.tsx';
import type { TSearchDialogState, TSearchTab } from '../features/search/types.ts';
import { CurrencySwitch } from '../components/layout/currency-switch.tsx';
import { DeferredUserMenu } from './deferred-user-menu.tsx';
import classes from '../components/layout/layout.module.css';
import { Logo } from '../components/layout/logo.tsx';
import { ThemeToggle } from '../components/layout/theme-toggle.tsx';

/** Shown to everyone (docs/product.md#guest-pages); the server still decides what the flag grants (docs/decisions.md#demo-admin). */
const ADMIN_ACCESS_HREF = '/admin?directAdmin=true';

/** The site header (docs/product.md#guest-pages): logo, search, currency, 'Admin Access', theme and the user menu. */
export function Header() {
  const [dialog, setDialog] = useState<TSearchDialogState>({ opened: false, tab: 'location' });
  const navigate = useNavigate();
  const open = (tab: TSearchTab) => setDialog({ opened: true, tab });

  return (
    <Box component="header" className={classes.header} data-testid="site-header">
      <Container size="xl" className={classes.headerRow}>
        <Logo />
        <Box visibleFrom="md" className={classes.searchSlot}>
          <SearchBar onOpen={open} onWarmUp={preloadSearchDialog} />
        </Box>
        <Group gap={8} wrap="nowrap" justify="flex-end">
          <Box visibleFrom="xs">
            <CurrencySwitch />
          </Box>
          <Box hiddenFrom="xs">
            <CurrencySwitch compact />
          </Box>
          <Button
            component="a"
            href={ADMIN_ACCESS_HREF}
            onClick={(e: MouseEvent<HTMLAnchorElement>) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
              e.preventDefault();
              void navigate({ href: ADMIN_ACCESS_HREF });
            }}
            variant="default"
            radius="xl"
            size="compact-md"
            h={36}
            px={{ base: 10, xs: 14 }}
            // Phones show the shield alone, so the header fits from 320 px; the name stays the same.
            aria-label="Admin Access"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            classNames={{ section: classes.adminSection }}
            data-testid="admin-access"
          >
            <span className={classes.adminText}>Admin Access</span>
          </Button>
          <ThemeToggle />
          <DeferredUserMenu />
        </Group>
      </Container>
      {/*
        Small screens: the compact search sits under the header from the first screen on (docs/features.md#pets);
        the server's first screen renders it too, so nothing moves when the app paints.
      */}
      <Box hiddenFrom="md">
        <Container size="xl" pb={10}>
          <CompactSearch onOpen={open} onWarmUp={preloadSearchDialog} />
        </Container>
      </Box>
      <LazySearchDialog
        opened={dialog.opened}
        tab={dialog.tab}
        onTabChange={(tab) => setDialog((d) => ({ ...d, tab }))}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
    </Box>
  );
}
