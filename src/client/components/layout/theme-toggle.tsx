import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTheme } from '../../lib/theme.tsx';

/**
 * The header's theme toggle (guest-side §2): flips between light and dark. Until it is first used the
 * preference is 'system', which follows the OS (guest-side §4).
 */
export function ThemeToggle() {
  const { resolved, toggle } = useTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  const Icon = resolved === 'dark' ? IconMoon : IconSun;
  return (
    <ActionIcon
      variant="default"
      size={36}
      radius="xl"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      data-theme={resolved}
      onClick={toggle}
    >
      <Icon size={18} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
