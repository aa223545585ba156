import {
  localStorageColorSchemeManager,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { THEME_STORAGE_KEY } from '#shared/constants.ts';

export type TThemePreference = 'light' | 'dark' | 'system';

/** Where the preference is kept; Mantine's manager also syncs other tabs through the storage event. */
export const themeStorage = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

/** The spec's 'system' is Mantine's 'auto': it follows the OS preference and reacts to its changes. */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

function toPreference(scheme: MantineColorScheme): TThemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}

function toScheme(preference: TThemePreference): MantineColorScheme {
  return preference === 'system' ? 'auto' : preference;
}

export interface TThemeContext {
  preference: TThemePreference;
  /** What the page shows now: the preference, or the OS's when the preference is 'system'. */
  resolved: 'light' | 'dark';
  setPreference: (preference: TThemePreference) => void;
}

const ThemeContext = createContext<TThemeContext | null>(null);

/**
 * Theme state on top of Mantine's color scheme (which MantineProvider keeps in `themeStorage`).
 * Also mirrors the resolved scheme as a `dark` class on <html>, where the spec reads dark mode from.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const resolved = useComputedColorScheme('light', { getInitialValueInEffect: false });

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', resolved === 'dark');
    root.style.colorScheme = resolved;
  }, [resolved]);

  const value = useMemo<TThemeContext>(
    () => ({
      preference: toPreference(colorScheme),
      resolved,
      setPreference: (p) => setColorScheme(toScheme(p)),
    }),
    [colorScheme, resolved, setColorScheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): TThemeContext {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
