import { createHash } from 'node:crypto';
import { escapeHtml } from './html.ts';

/*
 * A page whose first screen the server rendered (server-render.ts) starts the app after that screen and
 * its photo have been painted, instead of fetching the app's code beside them. On a slow phone link the
 * app's code would otherwise share the connection with the photo, and nothing on the first screen needs
 * it: the screen is inert until the app renders over it. The starter is one constant inline script (allowed by
 * its hash in the Content-Security-Policy); the files it loads are in its data attributes.
 */

/**
 * Waits for the first screen's high-priority photo (its failure, or a few seconds at most), lets a frame
 * paint it, then adds the app's stylesheets (switched on by main.tsx before its first render) and module
 * preloads and imports the entry.
 */
const STARTER_JS =
  '(function(){var d=document,s=d.currentScript,a=s.dataset,h=d.head,done=false;' +
  'function add(to,rel,f,print){var l=d.createElement("link");l.rel=rel;l.crossOrigin="";l.href=f;' +
  'if(print){l.media="print";l.setAttribute("data-after-first-screen","")}to.appendChild(l)}' +
  'function list(v){return v?v.split(" "):[]}' +
  // One task per step, each yielding to the next through a message (no timer clamping): each stylesheet,
  // the module preloads eight at a time (each group from one fragment), then the entry's import. Added
  // in one task, they held a phone's main thread for over 100 ms (bench/RESULTS.md).
  'function go(){var steps=[],ch=new MessageChannel();' +
  'list(a.styles).forEach(function(f){steps.push(function(){add(h,"stylesheet",f,true)})});' +
  'var p=list(a.preload);for(var k=0;p.length>k;k+=8)(function(group){steps.push(function(){' +
  'var g=d.createDocumentFragment();group.forEach(function(f){add(g,"modulepreload",f,false)});h.appendChild(g)})})(p.slice(k,k+8));' +
  'steps.push(function(){import(a.entry)});' +
  'ch.port1.onmessage=function(){var step=steps.shift();if(step)step();if(steps.length)ch.port2.postMessage(0)};' +
  'ch.port2.postMessage(0)}' +
  'function later(){if(done)return;done=true;requestAnimationFrame(function(){setTimeout(go,0)})}' +
  'var i=d.querySelector("#root img[fetchpriority=high]");' +
  'if(!i||i.complete)later();else{i.addEventListener("load",later);i.addEventListener("error",later);' +
  // A photo that stalls must not keep the page lifeless: the app starts anyway after a while.
  'setTimeout(later,4000)}})()';

/** The starter's CSP source, for security.ts's script-src. */
export const APP_STARTER_CSP_SOURCE = `'sha256-${createHash('sha256').update(STARTER_JS).digest('base64')}'`;

const ENTRY = /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)"\s*\/?>/g;
const STYLESHEET = /\s*<link rel="stylesheet"(?: crossorigin)? href="([^"]+)"\s*\/?>/g;

/** The stylesheets the template links (the entry's), as paths from the client's folder. */
export function templateStylesheets(html: string): string[] {
  return [...html.matchAll(STYLESHEET)].map((m) => (m[1] ?? '').replace(/^\//, ''));
}

/**
 * The page with its entry script, module preloads and stylesheets taken out of the markup and handed to
 * the starter at the end of the body. A template without a module entry is answered as it is.
 */
export function withAppStarter(html: string, extra: { scripts: string[]; styles: string[] }): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) return html;
  const preload: string[] = [];
  const styles: string[] = [];
  const rest = html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, (_, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(STYLESHEET, (_, href: string) => {
      styles.push(href);
      return '';
    });
  const attr = (name: string, files: string[]) =>
    files.length ? ` data-${name}="${escapeHtml(files.join(' '))}"` : '';
  const tag =
    `<script data-entry="${escapeHtml(entry)}"${attr('preload', [...preload, ...extra.scripts])}` +
    `${attr('styles', [...styles, ...extra.styles])}>${STARTER_JS}</script>`;
  return rest.replace('</body>', () => `${tag}</body>`);
}
