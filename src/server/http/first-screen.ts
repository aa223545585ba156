import { propertyTypeLabel, ratingLabel, reviewsLabel } from '#shared/labels.ts';
import {
  CARD_IMAGE_SIZES,
  COVER_IMAGE_SIZES,
  FALLBACK_IMAGE,
  cardSrcSet,
  imageSrcSet,
  thumbnailUrl,
} from '#shared/media.ts';
import type { TProperty, TPropertyCard } from '#shared/schemas/property.ts';
import { escapeHtml } from './html.ts';

/*
 * The first screen of the home and of a property page, written by the server into `#root` (docs/decisions.md#first-response):
 * the header's frame, the first row of cards or the listing's title and photos, laid out as the React
 * render lays them out. The phone paints the LCP photo as soon as the HTML, the CSS and the photo have
 * arrived, instead of after ~150 KiB of JavaScript has loaded and run (about 2 s on the mobile lab
 * profile). React's first render replaces it (createRoot clears the container when it commits), so the
 * two never coexist. It is a picture of the page, not the page: hidden from assistive technology, with
 * nothing to focus or press, since it does nothing until the app has started anyway.
 */

/** Card photos drawn: the grid's first row at its widest (the app draws the same four first). */
const FIRST_ROW = 4;
const GALLERY_TILES = 5;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Its own small stylesheet: the app's CSS modules are hashed per build, and Mantine's colour variables
 * only exist once the app has set the colour scheme (the default, 'auto', follows the system's).
 * Sizes are those of the app's components (header, category strip, results toolbar, SimpleGrid,
 * property card, gallery) at Mantine's breakpoints (xs 36em, sm 48em, md 62em, lg 75em).
 */
export const FIRST_SCREEN_CSS = `
body{margin:0}
.fs{--fs-text:#000;--fs-dim:#495057;--fs-border:#ced4da;--fs-body:#fff;--fs-ph:#f8f9fa;--fs-tile:#e9ecef;
min-height:100vh;background:var(--fs-body);color:var(--fs-text);font:14px/1.45 ${FONT}}
@media (prefers-color-scheme:dark){.fs{--fs-text:#c9c9c9;--fs-dim:#b8b8b8;--fs-border:#424242;--fs-body:#242424;--fs-ph:#3b3b3b;--fs-tile:#2e2e2e}}
.fs *{box-sizing:border-box}
.fs-c{max-width:1320px;margin:0 auto;padding:0 16px}
.fs-hd{border-bottom:1px solid var(--fs-border)}
.fs-hd .fs-c{display:flex;align-items:center;gap:8px;min-height:72px}
.fs-hd .fs-cs{display:none;min-height:0}
@media (max-width:61.99em){.fs-hd .fs-cs{display:block;padding-bottom:10px}.fs-cs>div{height:54px;border:1px solid var(--fs-border);border-radius:999px}}
.fs-brand{display:none;font-size:20px;font-weight:800;letter-spacing:-.02em;color:#ff385c}
.fs-strip{height:70.8px;margin-bottom:16px}
.fs-chips{display:flex;flex-wrap:wrap;align-items:center;gap:10px;padding:10px 0;margin-bottom:16px}
.fs-chip{display:inline-flex;align-items:center;height:32px;padding:0 32px 0 16px;border:1px solid var(--fs-border);border-radius:32px;font-size:16px;font-weight:500;white-space:nowrap}
.fs-reset{display:inline-flex;align-items:center;height:26px;padding:0 10px;font-size:14px;font-weight:600;color:#ff385c}
.fs-tb,.fs-tb>div{display:flex;flex-wrap:wrap;gap:12px}
.fs-tb{justify-content:space-between;margin-bottom:16px}
.fs-pill{height:36px;border:1px solid var(--fs-border);border-radius:32px}
.fs-grid{display:grid;grid-template-columns:1fr;gap:32px 20px}
.fs-card:nth-child(n+2){display:none}
.fs-cover{aspect-ratio:20/19;border-radius:16px;overflow:hidden;background:var(--fs-ph)}
.fs-cover img,.fs-tile img{display:block;width:100%;height:100%;object-fit:cover}
.fs-ct{padding-top:10px;display:flex;flex-direction:column;gap:2px}
.fs-row{display:flex;justify-content:space-between;gap:10px}
.fs-1{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.fs-b{font-weight:600}
.fs-dim{color:var(--fs-dim)}
.fs-i{display:inline-flex;align-items:center;gap:4px;white-space:nowrap}
.fs-i svg{flex:none}
.fs-pp{padding-top:20px}
.fs-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-end;gap:12px;margin-bottom:16px}
.fs-head>div:first-child{min-width:0;display:flex;flex-direction:column;gap:4px}
.fs-h1{margin:0;font-size:24px;line-height:1.3;font-weight:700}
.fs-meta{display:flex;flex-wrap:wrap;gap:16px;color:var(--fs-dim)}
.fs-meta .fs-b{color:var(--fs-text)}
.fs-cur{width:120px;height:30.6px}
.fs-gal{display:grid;grid-template-columns:2fr 1fr 1fr;grid-template-rows:1fr 1fr;gap:8px;height:420px;border-radius:16px;overflow:hidden}
.fs-gal[data-count="1"]{grid-template-columns:1fr}
.fs-tile{overflow:hidden;background:var(--fs-tile)}
.fs-tile:first-child{grid-row:span 2}
@media (min-width:36em){.fs-grid{grid-template-columns:repeat(2,1fr)}.fs-card:nth-child(2){display:block}}
@media (min-width:48em){.fs-brand{display:inline}.fs-h1{font-size:30px}}
@media (max-width:48em){.fs-gal{grid-template-columns:1fr;grid-template-rows:1fr;height:280px}.fs-tile:not(:first-child){display:none}.fs-tile:first-child{grid-row:auto}}
@media (min-width:62em){.fs-grid{grid-template-columns:repeat(3,1fr)}.fs-card:nth-child(3){display:block}}
@media (min-width:75em){.fs-grid{grid-template-columns:repeat(4,1fr)}.fs-card:nth-child(4){display:block}}
`.replace(/\n/g, '');

const LOGO =
  '<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="#ff385c"/><path d="M8 15.5 16 8.5l8 7V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#fff"/></svg>';
/** Tabler's star-filled and map-pin, as the app draws them beside a listing's rating and place. */
const STAR = (size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false"><path d="M8.243 7.34l-6.38 .925l-.113 .023a1 1 0 0 0 -.44 1.684l4.622 4.499l-1.09 6.355l-.013 .11a1 1 0 0 0 1.464 .944l5.706 -3l5.693 3l.1 .046a1 1 0 0 0 1.352 -1.1l-1.091 -6.355l4.624 -4.5l.078 -.085a1 1 0 0 0 -.633 -1.62l-6.38 -.926l-2.852 -5.78a1 1 0 0 0 -1.794 0l-2.853 5.78z"/></svg>`;
const PIN =
  '<svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M9 11a3 3 0 1 0 6 0a3 3 0 0 0 -6 0"/><path d="M17.657 16.657l-4.243 4.243a2 2 0 0 1 -2.827 0l-4.244 -4.243a8 8 0 1 1 11.314 0"/></svg>';

function frame(siteName: string, page: string): string {
  return (
    '<div class="fs" aria-hidden="true" data-first-screen="">' +
    `<div class="fs-hd"><div class="fs-c">${LOGO}<span class="fs-brand">${escapeHtml(siteName)}</span></div>` +
    // The phone's compact search, under the header row (header.tsx).
    '<div class="fs-c fs-cs"><div></div></div></div>' +
    page +
    '</div>'
  );
}

/** An `<img>` whose `src`, `srcset` and `sizes` are the app's own, so the browser fetches the one variant once. */
function img(src: string, srcset: string | undefined, sizes: string, first: boolean): string {
  const set = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}"` : '';
  // The first photo is the page's LCP: fetched at once and first. The others wait for layout, and
  // those the phone's narrow layout hides are not fetched at all.
  const load = first ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img src="${escapeHtml(src)}"${set} alt=""${load} />`;
}

function card(p: TPropertyCard, first: boolean): string {
  const url = p.images[0];
  const cover = url
    ? img(url, cardSrcSet(url), CARD_IMAGE_SIZES, first)
    : img(FALLBACK_IMAGE, undefined, '', first);
  return (
    `<div class="fs-card"><div class="fs-cover">${cover}</div><div class="fs-ct">` +
    `<div class="fs-row"><span class="fs-b fs-1">${escapeHtml(p.title)}</span>` +
    `<span class="fs-i">${STAR(12)}${ratingLabel(p.rating)} <span class="fs-dim">(${p.reviewCount})</span></span></div>` +
    `<div class="fs-dim fs-1">${escapeHtml(p.location)}</div>` +
    `<div class="fs-dim">${escapeHtml(propertyTypeLabel(p.propertyType, p.bedrooms))}</div>` +
    '</div></div>'
  );
}

/**
 * The home's first screen: header, the category strip's and the toolbar's room, and the grid's first row.
 * A search (`/?location=…&checkIn=…`) draws its applied filters' chips above the toolbar, as the app does.
 * The price is left to the app, which shows it in the currency the visitor chose.
 */
export function homeFirstScreen(cards: TPropertyCard[], siteName: string, chips: string[] = []): string {
  const row = cards.slice(0, FIRST_ROW);
  if (row.length === 0) return '';
  const chipRow = chips.length
    ? `<div class="fs-chips">${chips.map((c) => `<span class="fs-chip">${escapeHtml(c)}</span>`).join('')}<span class="fs-reset">Reset</span></div>`
    : '';
  return frame(
    siteName,
    `<div class="fs-c"><div class="fs-strip"></div>${chipRow}` +
      '<div class="fs-tb"><div><div class="fs-pill" style="width:110.6px"></div><div class="fs-pill" style="width:225.3px"></div></div>' +
      '<div class="fs-pill" style="width:141.5px"></div></div>' +
      `<div class="fs-grid">${row.map((p, i) => card(p, i === 0)).join('')}</div></div>`,
  );
}

/** A property's first screen: header, title, rating and place, and the photo gallery's tiles. */
export function propertyFirstScreen(p: TProperty, opts: { siteName: string; showReviews: boolean }): string {
  const photos = p.images.length > 0 ? p.images : [FALLBACK_IMAGE];
  const hasVideos = p.videos.length > 0;
  const tiles = photos.slice(0, hasVideos ? GALLERY_TILES - 1 : GALLERY_TILES);
  const count = tiles.length + (hasVideos ? 1 : 0);
  const gallery =
    tiles
      .map(
        (url, i) =>
          `<div class="fs-tile">${img(i === 0 ? url : thumbnailUrl(url), imageSrcSet(url), i === 0 ? COVER_IMAGE_SIZES : '25vw', i === 0)}</div>`,
      )
      .join('') + (hasVideos ? '<div class="fs-tile"></div>' : '');
  const reviews = opts.showReviews ? ` · ${reviewsLabel(p.reviewCount)}` : '';
  return frame(
    opts.siteName,
    '<div class="fs-c fs-pp"><div class="fs-head"><div>' +
      `<div class="fs-h1">${escapeHtml(p.title)}</div>` +
      `<div class="fs-meta"><span class="fs-i">${STAR(14)}<span class="fs-b">${ratingLabel(p.rating)}</span>${reviews}</span>` +
      `<span class="fs-i">${PIN}${escapeHtml(p.location)}</span></div>` +
      '</div><div class="fs-cur"></div></div>' +
      `<div class="fs-gal"${count === 1 ? ' data-count="1"' : ''}>${gallery}</div></div>`,
  );
}
