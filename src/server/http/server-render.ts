import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { log } from '../logger.ts';
import { criticalCssOf, parseStylesheet, type TStylesheet } from './critical-css.ts';

/*
 * A page's first screen, rendered by the app itself (docs/decisions.md#first-response): `vite build`
 * writes the app's server entry (src/client/first-screen/server-entry.tsx) as a bundle of its own into
 * the client's folder, under `.ssr/`, which the static files middleware never serves. The server imports
 * it from there, the new one whenever a new build replaces it (a module, once imported, stays in memory:
 * a running server that was rebuilt under many times holds each build's); without it (a client built without it, the API
 * tests' stand-in client), pages are served without a first screen and the app draws them itself.
 */

/** The server entry's export, as src/client/first-screen/server-entry.tsx defines it. */
type TRenderFirstScreen = (url: string, data: [unknown, unknown][]) => Promise<string>;

export interface TFirstScreen {
  /** The app's markup, for `#root`. */
  markup: string;
  /** The rules of the page's stylesheets that the markup uses, for a `<style>` in the head. */
  css: string;
}

const THEME_VARIABLES = /<style data-mantine-styles="true">([^<]*)<\/style>/g;

/** Rendered screens kept per page address and data: a listing or the home is asked for again and again. */
const CACHED_SCREENS = 200;

/** The server bundle's manifest, which names its entry (a name that changes with each build). */
export const SERVER_MANIFEST = path.join('.ssr', '.vite', 'manifest.json');

/**
 * Renders a page's first screen with the app's own components, from the page's address and the query
 * data the page carries; `styles` are the page's stylesheets (paths under the client's folder).
 */
export function firstScreenRenderer(clientDir: string) {
  const manifest = path.join(clientDir, SERVER_MANIFEST);
  let loaded: { mtimeMs: number; render: Promise<TRenderFirstScreen> } | undefined;
  const screens = new Map<string, string>();
  const styleFilters = new Map<string, (markup: string) => string>();
  /** Each built stylesheet parsed once: the pages share the entry's, and parsing costs more than cutting. */
  const parsedSheets = new Map<string, TStylesheet>();

  const renderer = (): Promise<TRenderFirstScreen> | undefined => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(manifest);
    } catch {
      return undefined;
    }
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      screens.clear();
      styleFilters.clear();
      parsedSheets.clear();
      const chunks = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<
        string,
        { file: string; isEntry?: boolean }
      >;
      const entry = Object.values(chunks).find((c) => c.isEntry);
      if (!entry) return undefined;
      const url = pathToFileURL(path.join(clientDir, '.ssr', entry.file)).href;
      loaded = {
        mtimeMs: stat.mtimeMs,
        render: import(url).then((m: { renderFirstScreen: TRenderFirstScreen }) => m.renderFirstScreen),
      };
    }
    return loaded.render;
  };

  const parsedSheet = (file: string): TStylesheet => {
    let sheet = parsedSheets.get(file);
    if (!sheet) {
      sheet = parseStylesheet(fs.readFileSync(path.join(clientDir, file), 'utf8'));
      parsedSheets.set(file, sheet);
    }
    return sheet;
  };

  /** The filter over the page's stylesheets and, after them, the theme's variables. */
  const cssFor = (styles: string[], themeCss: string): ((markup: string) => string) => {
    const key = `${styles.join(' ')} ${createHash('sha1').update(themeCss).digest('base64')}`;
    let filter = styleFilters.get(key);
    if (!filter) {
      filter = criticalCssOf([...styles.map(parsedSheet), parseStylesheet(themeCss)]);
      styleFilters.set(key, filter);
    }
    return filter;
  };

  return async (
    url: string,
    data: [unknown, unknown][],
    styles: string[],
  ): Promise<TFirstScreen | undefined> => {
    const render = renderer();
    if (!render) return undefined;
    try {
      // The data as the browser reads it back from the page, so both render the same values.
      const json = JSON.stringify(data);
      // With the day: a date the page shows relative to today ("Any week", a calendar) changes with it.
      const day = new Date().toISOString().slice(0, 10);
      const key = createHash('sha1').update(`${day} ${url}\0${json}`).digest('base64');
      let markup = screens.get(key);
      if (markup === undefined) {
        markup = await (await render)(url, JSON.parse(json) as [unknown, unknown][]);
        if (screens.size >= CACHED_SCREENS) screens.delete(screens.keys().next().value ?? '');
        screens.set(key, markup);
      }
      // Mantine's provider writes the theme's variables (the brand palette…) into the markup: they join
      // the filtered CSS, which keeps only those the screen reads.
      let themeCss = '';
      const body = markup.replace(THEME_VARIABLES, (_, css: string) => {
        themeCss += css;
        return '';
      });
      return { markup: body, css: cssFor(styles, themeCss)(body) };
    } catch (err) {
      // The page still works without it: the app draws the page once its code has run.
      log.warn('first screen failed', { url, err: err instanceof Error ? err.message : String(err) });
      return undefined;
    }
  };
}
