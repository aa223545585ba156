import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads } from '../../src/server/http/route-preloads.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeManifest(manifest: Record<string, unknown>): void {
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

/** The build's entry, importing a shared chunk and carrying the entry stylesheet. */
const ENTRY = { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] };

describe('route code preloads', () => {
  it("lists the first screen's route chunks and styles beyond the entry's, for home and a property, not other pages", () => {
    writeManifest({
      'index.html': ENTRY,
      '_shared.js': { file: 'assets/shared.js', css: ['assets/index.css'] },
      '_card.js': { file: 'assets/card.js', imports: ['_shared.js'], css: ['assets/card.css'] },
      'routes/_site.tsx?tsr-split=component': { file: 'assets/site.js', imports: ['_shared.js'] },
      'routes/_site/index.tsx?tsr-split=component': { file: 'assets/home.js', imports: ['_card.js'] },
      'routes/_site/property.$id.tsx?tsr-split=component': {
        file: 'assets/property.js',
        css: ['assets/property.css', 'assets/more.css'],
      },
      'routes/_site/help.tsx?tsr-split=component': { file: 'assets/help.js', css: ['assets/more.css'] },
    });
    const preloads = routePreloads(dir);
    const home = preloads('/');
    expect(home.scripts.sort()).toEqual(['assets/card.js', 'assets/home.js', 'assets/site.js']);
    expect(home.styles).toEqual(['assets/card.css']);
    const property = preloads('/property/12');
    expect(property.scripts.sort()).toEqual(['assets/property.js', 'assets/site.js']);
    expect(property.styles.sort()).toEqual(['assets/more.css', 'assets/property.css']);
    expect(preloads('/help')).toEqual({ scripts: [], styles: [], later: [] });
  });

  it("names the date pickers' code beyond the entry's for the guest pages, not for the back office", () => {
    writeManifest({
      'index.html': ENTRY,
      '_shared.js': { file: 'assets/shared.js' },
      '_popover.js': {
        file: 'assets/popover.js',
        imports: ['_shared.js'],
        css: ['assets/more.css', 'assets/index.css'],
      },
      'features/booking/stay-date-pickers.tsx': {
        file: 'assets/pickers.js',
        isDynamicEntry: true,
        imports: ['_shared.js', '_popover.js'],
      },
      'routes/_site/property.$id.tsx?tsr-split=component': { file: 'assets/property.js' },
      'routes/admin/index.tsx?tsr-split=component': { file: 'assets/dashboard.js' },
    });
    const preloads = routePreloads(dir);
    const later = ['assets/pickers.js', 'assets/popover.js', 'assets/more.css'];
    expect(preloads('/property/3').later).toEqual(later);
    expect(preloads('/').later).toEqual(later);
    expect(preloads('/book/3').later).toEqual(later);
    expect(preloads('/admin', { signedIn: true }).later).toEqual([]);
  });

  it("lists the checkout's route chunk and the screen it imports lazily, with the screen's own imports", () => {
    writeManifest({
      'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] },
      '_form.js': { file: 'assets/form.js', css: ['assets/more.css'] },
      'routes/_site/book.$id.tsx?tsr-split=component---loader': {
        file: 'assets/book.js',
        dynamicImports: ['routes/_site/-checkout-screen.tsx'],
      },
      'routes/_site/-checkout-screen.tsx': { file: 'assets/checkout.js', imports: ['_form.js'] },
      'routes/_site/-checkout-screen.tsx.extra': { file: 'assets/not-it.js' },
    });
    const checkout = routePreloads(dir)('/book/7');
    expect(checkout.scripts.sort()).toEqual(['assets/book.js', 'assets/checkout.js', 'assets/form.js']);
    expect(checkout.styles).toEqual(['assets/more.css']);
  });

  it("lists a back-office page's layout and page chunks, with their styles, only for a visitor with a session", () => {
    writeManifest({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_table.js': { file: 'assets/table.js', imports: ['_shared.js'], css: ['assets/more.css'] },
      'routes/admin/route.tsx?tsr-split=component': { file: 'assets/admin.js', imports: ['_table.js'] },
      'routes/admin/index.tsx?tsr-split=component': { file: 'assets/dashboard.js', imports: ['_table.js'] },
      'routes/admin/payments.tsx?tsr-split=component': { file: 'assets/payments.js' },
      'routes/admin/calendar.index.tsx?tsr-split=component': { file: 'assets/calendar.js' },
      'routes/admin/calendar.$id.tsx?tsr-split=component': { file: 'assets/calendar-home.js' },
    });
    const preloads = routePreloads(dir);
    const signedIn = { signedIn: true };
    expect(preloads('/admin', signedIn).scripts.sort()).toEqual([
      'assets/admin.js',
      'assets/dashboard.js',
      'assets/table.js',
    ]);
    expect(preloads('/admin/', signedIn).styles).toEqual(['assets/more.css']);
    expect(preloads('/admin/payments', signedIn).scripts.sort()).toEqual([
      'assets/admin.js',
      'assets/payments.js',
      'assets/table.js',
    ]);
    expect(preloads('/admin/calendar', signedIn).scripts).toContain('assets/calendar.js');
    expect(preloads('/admin/calendar', signedIn).scripts).not.toContain('assets/calendar-home.js');
    expect(preloads('/admin/calendar/4', signedIn).scripts).toContain('assets/calendar-home.js');
    expect(preloads('/admin/payments', { signedIn: false })).toEqual({ scripts: [], styles: [], later: [] });
    expect(preloads('/admin/payments')).toEqual({ scripts: [], styles: [], later: [] });
    expect(preloads('/admin/no-such-page', signedIn)).toEqual({ scripts: [], styles: [], later: [] });
  });

  it('answers nothing before a build, and follows a new build', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-none-'));
    expect(routePreloads(empty)('/')).toEqual({ scripts: [], styles: [], later: [] });
    fs.rmSync(empty, { recursive: true, force: true });
    writeManifest({
      'index.html': { file: 'assets/index.js', isEntry: true },
      'routes/_site/index.tsx?tsr-split=component': { file: 'assets/home-2.js' },
    });
    const preloads = routePreloads(dir);
    expect(preloads('/').scripts).toEqual(['assets/home-2.js']);
    writeManifest({
      'index.html': { file: 'assets/index.js', isEntry: true },
      'routes/_site/index.tsx?tsr-split=component': { file: 'assets/home-3.js' },
    });
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dir, '.vite', 'manifest.json'), later, later);
    expect(preloads('/').scripts).toEqual(['assets/home-3.js']);
  });
});
