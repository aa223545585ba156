import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: [
      '#fff0f3',
      '#ffdde4',
      '#ffb9c8',
      '#ff92aa',
      '#ff7091',
      '#ff5a7f',
      '#ff385c',
      '#e31c5f',
      '#c5104f',
      '#a20a40',
    ],
  },
  primaryShade: { light: 6, dark: 5 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});
