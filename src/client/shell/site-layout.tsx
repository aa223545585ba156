import { Box } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from './header.tsx';
import classes from '../components/layout/layout.module.css';

const MAIN_ID = 'main-content';

/** Moves focus itself, so the next Tab continues from the page's content and the URL keeps no hash. */
function skipToMain(e: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  e.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView();
}

/** Header, page, footer: the frame of every guest page (and of the 404 page). */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.shell}>
      {/* The first stop of the keyboard: past the header's dozen controls (WCAG 2.4.1). */}
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain} data-testid="skip-link">
        Skip to main content
      </a>
      <Header />
      <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      {!import.meta.env.SSR && <Footer />}
    </Box>
  );
}
