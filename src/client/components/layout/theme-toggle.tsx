import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTheme, type TThemePreference } from '../../lib/theme.tsx';

const loadThemeMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(() => loadThemeMenu().then((m) => ({ default: m.ThemeMenu })));

const LABEL: Record<TThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const themeLabel = (preference: TThemePreference) => `Theme: ${LABEL[preference]}`;

/** Calls `onMounted` once the real menu is on the page. */
function Loaded({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <ThemeMenu />;
}

/**
 * The header's theme control (guest-side §2, §4): light, dark or system. Its menu (Mantine Menu and
 * Floating UI, ~30 KiB gzipped) stays out of the first page load: a look-alike button stands in, pointer
 * or focus fetches the code, and the first click swaps in the real menu and opens it (as the user menu does).
 */
export function ThemeToggle() {
  const { preference, resolved } = useTheme();
  const [wanted, setWanted] = useState(false);
  const openWhenLoaded = useRef(false);
  const slot = useRef<HTMLDivElement>(null);
  const preload = () => void loadThemeMenu();

  const onMounted = useCallback(() => {
    if (!openWhenLoaded.current) return;
    openWhenLoaded.current = false;
    const trigger = slot.current?.querySelector<HTMLButtonElement>('[data-testid="theme-toggle"]');
    trigger?.focus();
    trigger?.click();
  }, []);

  const Icon = resolved === 'dark' ? IconMoon : IconSun;
  const standIn = (
    <ActionIcon
      variant="default"
      size={36}
      radius="xl"
      aria-label={themeLabel(preference)}
      aria-haspopup="menu"
      title="Theme"
      data-testid="theme-toggle"
      data-theme={resolved}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        openWhenLoaded.current = true;
        setWanted(true);
      }}
    >
      <Icon size={18} stroke={1.6} aria-hidden />
    </ActionIcon>
  );

  return (
    <div ref={slot} style={{ display: 'contents' }}>
      {wanted ? (
        <Suspense fallback={standIn}>
          <Loaded onMounted={onMounted} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}
