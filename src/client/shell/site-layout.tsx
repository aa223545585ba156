import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from './header.tsx';
import classes from '../components/layout/layout.module.css';

/** Header, page, footer: the frame of every guest page (and of the 404 page). */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.shell}>
      <Header />
      <Box component="main" className={classes.main}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
