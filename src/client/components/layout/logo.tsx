import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSiteConfig } from './use-site-config.ts';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--mantine-color-brand-6)" />
      <path d="M8 15.5 16 8.5l8 7V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#fff" />
    </svg>
  );
}

/** The brand: links to the home page (a plain `/`, so it also clears the search). */
export function Logo() {
  const { settings } = useSiteConfig();
  return (
    <UnstyledButton component={Link} to="/" aria-label={`${settings.siteName} home`} data-testid="logo">
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text fw={800} fz="xl" c="brand.6" visibleFrom="sm" style={{ letterSpacing: '-0.02em' }}>
          {settings.siteName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
