import { createHash } from 'node:crypto';
import { THEME_STORAGE_KEY } from '#shared/constants.ts';

/*
 * The visitor's colour scheme, set on <html> before the first paint, as the app sets it (Mantine's
 * provider and ThemeProvider): the stored choice, or the system's for 'auto' and for none. Without it a
 * dark-scheme phone would paint the server's first screen light, then flip when the app starts.
 */
const SCRIPT =
  `(function(){var d=document.documentElement,c;try{c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}` +
  'if(c!=="light"&&c!=="dark")c=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'd.setAttribute("data-mantine-color-scheme",c);d.classList.toggle("dark",c==="dark");d.style.colorScheme=c})()';

export const COLOR_SCHEME_TAG = `<script>${SCRIPT}</script>`;

/** Its CSP source, for security.ts's script-src. */
export const COLOR_SCHEME_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
