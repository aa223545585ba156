import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTheme, type TThemePreference } from '../../lib/theme.tsx';
import { themeLabel } from './theme-toggle.tsx';
import './theme-menu.css';

const CHOICES: { value: TThemePreference; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'system', label: 'System', Icon: IconDeviceDesktop },
];

/**
 * The header's theme menu (loaded on first use by ThemeToggle) (docs/product.md#guest-pages, #guest-interactions): light, dark or system. 'System' (the default) follows
 * the OS and reacts to its changes; it can be chosen again after an explicit choice.
 */
export function ThemeMenu() {
  const { preference, resolved, setPreference } = useTheme();
  const Icon = resolved === 'dark' ? IconMoon : IconSun;
  return (
    <Menu position="bottom-end" shadow="md" width={160} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size={36}
          radius="xl"
          aria-label={themeLabel(preference)}
          title="Theme"
          data-testid="theme-toggle"
          data-theme={resolved}
        >
          <Icon size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {CHOICES.map(({ value, label, Icon: ChoiceIcon }) => (
          <Menu.Item
            key={value}
            // Mantine keeps the item's role 'menuitem' (where aria-checked is not allowed): aria-current marks the choice.
            aria-current={preference === value ? 'true' : undefined}
            leftSection={<ChoiceIcon size={16} aria-hidden />}
            rightSection={preference === value ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => setPreference(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
