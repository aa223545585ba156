import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTheme, type TThemePreference } from '../../lib/theme.tsx';
import { DeferredMenu } from '../deferred-menu.tsx';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const loadThemeMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazyRetry(() => loadThemeMenu().then((m) => ({ default: m.ThemeMenu })));

const LABEL: Record<TThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const themeLabel = (preference: TThemePreference) => `Theme: ${LABEL[preference]}`;

/**
 * The header's theme control (docs/product.md#guest-pages, #guest-interactions): light, dark or system. Its menu loads on first use
 * (DeferredMenu), like the user menu's.
 */
export function ThemeToggle() {
  const { preference, resolved } = useTheme();
  const Icon = resolved === 'dark' ? IconMoon : IconSun;
  return (
    <DeferredMenu
      menu={ThemeMenu}
      preload={loadThemeMenu}
      testId="theme-toggle"
      size={36}
      label={themeLabel(preference)}
      title="Theme"
      data-theme={resolved}
    >
      <Icon size={18} stroke={1.6} aria-hidden />
    </DeferredMenu>
  );
}
