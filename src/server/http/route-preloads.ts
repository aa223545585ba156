import fs from 'node:fs';
import path from 'node:path';
import { matchPageRoute, PAGE_ROUTES } from '#shared/route-manifest.ts';

interface TManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type TManifest = Record<string, TManifestChunk>;

/** What a page's first screen needs beyond the entry: its route modules and their stylesheets. */
export interface TRoutePreloads {
  scripts: string[];
  styles: string[];
  /**
   * Code that a later tap on the page may need (the booking card's date pickers), which the page fetches
   * into the browser's cache once idle and runs only when the guest reaches for it.
   */
  later: string[];
}
const NONE: TRoutePreloads = { scripts: [], styles: [], later: [] };

/**
 * The modules a guest page fetches ahead of a tap: the date pickers, from a listing's booking card (and
 * from the home and the checkout, which lead to one without reloading the page).
 */
const LATER_MODULES = ['features/booking/stay-date-pickers.tsx'];

/** The route modules (as the build's manifest names them) that draw each page's first screen. */
const FIRST_SCREEN_ROUTES: [RegExp, string[]][] = [
  [/^\/?$/, ['routes/_site.tsx', 'routes/_site/index.tsx']],
  [/^\/property\/\d+\/?$/, ['routes/_site.tsx', 'routes/_site/property.$id.tsx']],
  // The checkout's route chunk only imports its screen (a lazy import of its own): both are its first
  // screen, or the phone waits on three files in a row before drawing anything.
  [
    /^\/book\/\d+\/?$/,
    ['routes/_site.tsx', 'routes/_site/book.$id.tsx', 'routes/_site/-checkout-screen.tsx'],
  ],
];

/**
 * The route code and CSS a page's first screen needs beyond the entry (which index.html already
 * loads), for `<link rel="modulepreload">` and `<link rel="stylesheet">` tags. Without them the router
 * asks for that code only once the entry has run, and Vite's loader asks for the route's CSS only once
 * the route's code is imported, holding the render until it arrives: each one more round trip, and on
 * slow 4G the page's files arrive in waves instead of one. Read from the build's manifest, again
 * whenever a new build replaces it.
 */
export function routePreloads(
  clientDir: string,
): (pathname: string, opts?: { signedIn: boolean }) => TRoutePreloads {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; byRoute: Map<RegExp | string, TRoutePreloads> } | undefined;

  const load = () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as TManifest;
      cached = { mtimeMs: stat.mtimeMs, byRoute: preloadsByRoute(manifest) };
    }
    return cached.byRoute;
  };

  return (pathname, opts) => {
    const byRoute = load();
    const match = FIRST_SCREEN_ROUTES.find(([re]) => re.test(pathname));
    if (match) return byRoute?.get(match[0]) ?? NONE;
    // A back-office page only opens after the session check: without a session cookie its code would be
    // fetched for a redirect to the home page.
    const page = opts?.signedIn ? matchPageRoute(pathname)?.route.path : undefined;
    return (page && byRoute?.get(page)) ?? NONE;
  };
}

/**
 * The route modules of a back-office page: the admin layout's and the page's own, by TanStack Router's
 * flat file names (`calendar.$id.tsx` is /admin/calendar/$id, `index` a folder's own page). Without them
 * in the page, the router asks for the page's code only once the entry has run and the session check has
 * answered, and the page's data waits behind that code.
 */
function adminRouteModules(pagePath: string): string[] {
  const rest = pagePath.replace(/^\/admin\/?/, '');
  const name = rest ? rest.split('/').join('.') : 'index';
  return ['routes/admin/route.tsx', `routes/admin/${name}.tsx`, `routes/admin/${name}.index.tsx`];
}
const ADMIN_PAGES = PAGE_ROUTES.filter((r) => r.path === '/admin' || r.path.startsWith('/admin/')).map(
  (r): [string, string[]] => [r.path, adminRouteModules(r.path)],
);

function preloadsByRoute(manifest: TManifest): Map<RegExp | string, TRoutePreloads> {
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const initial = closure(entries);
  const initialStyles = new Set([...initial].flatMap((k) => manifest[k]?.css ?? []));
  /** The chunks of these modules' code beyond the entry's, and their styles. */
  const filesOf = (modules: string[]) => {
    const roots = Object.keys(manifest).filter((k) => modules.some((m) => k === m || k.startsWith(`${m}?`)));
    const chunks = [...closure(roots)].filter((k) => !initial.has(k));
    const scripts = chunks
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => f?.endsWith('.js') === true);
    const styles = [...new Set(chunks.flatMap((k) => manifest[k]?.css ?? []))].filter(
      (f) => !initialStyles.has(f),
    );
    return { scripts, styles };
  };
  const pickers = filesOf(LATER_MODULES);
  const later = [...pickers.scripts, ...pickers.styles];
  const byRoute = new Map<RegExp | string, TRoutePreloads>();
  for (const [re, modules] of FIRST_SCREEN_ROUTES) byRoute.set(re, { ...filesOf(modules), later });
  for (const [page, modules] of ADMIN_PAGES) byRoute.set(page, { ...filesOf(modules), later: [] });
  return byRoute;
}
