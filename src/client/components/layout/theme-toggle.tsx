import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTheme, type TThemePreference } from '../../lib/theme.tsx';

const CHOICES: { value: TThemePreference; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'system', label: 'System', icon: IconDeviceDesktop },
];

/** Light, dark or system (guest-side §4); the icon shows what the page shows now. */
export function ThemeToggle() {
  const { preference, resolved, setPreference } = useTheme();
  const Current = resolved === 'dark' ? IconMoon : IconSun;
  return (
    <Menu position="bottom-end" width={160} shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size={36} radius="xl" aria-label="Toggle theme" data-testid="theme-toggle">
          <Current size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {CHOICES.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={preference === value ? <IconCheck size={14} aria-label="selected" /> : null}
            onClick={() => setPreference(value)}
            aria-checked={preference === value}
            role="menuitemradio"
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
