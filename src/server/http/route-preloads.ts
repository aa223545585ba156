import fs from 'node:fs';
import path from 'node:path';

interface TManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type TManifest = Record<string, TManifestChunk>;

/** The route modules (as the build's manifest names them) that draw each page's first screen. */
const FIRST_SCREEN_ROUTES: [RegExp, string[]][] = [
  [/^\/?$/, ['routes/_site.tsx', 'routes/_site/index.tsx']],
  [/^\/property\/\d+\/?$/, ['routes/_site.tsx', 'routes/_site/property.$id.tsx']],
];

/**
 * `<link rel="modulepreload">` tags for the route code a page's first screen needs beyond the entry
 * (which index.html already preloads). Without them the router asks for that code only once the entry
 * has run: one more round trip, and on slow 4G the page's JS arrives in two waves instead of one.
 * Read from the build's manifest, again whenever a new build replaces it.
 */
export function routePreloads(clientDir: string): (pathname: string) => string[] {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; byRoute: Map<RegExp, string[]> } | undefined;

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

  return (pathname) => {
    const byRoute = load();
    const match = FIRST_SCREEN_ROUTES.find(([re]) => re.test(pathname));
    return (match && byRoute?.get(match[0])) ?? [];
  };
}

function preloadsByRoute(manifest: TManifest): Map<RegExp, string[]> {
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
  const byRoute = new Map<RegExp, string[]>();
  for (const [re, modules] of FIRST_SCREEN_ROUTES) {
    const roots = Object.keys(manifest).filter((k) => modules.some((m) => k.startsWith(m)));
    const files = [...closure(roots)]
      .filter((k) => !initial.has(k))
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => f?.endsWith('.js') === true);
    byRoute.set(re, files);
  }
  return byRoute;
}
