import { readId } from './url-search.ts';

/**
 * Every page of the client, stated once: the server answers a direct load from it (200 or 404, the
 * title, meta robots, the sitemap) and the client titles the document from it. A unit test holds it
 * equal to the client's route tree (src/client/routeTree.gen.ts).
 */
export interface TPageRoute {
  /** The client's path as TanStack Router writes it: `$name` is one path segment. */
  readonly path: string;
  /** The page's name, before the site name in the document title. */
  readonly title: string;
  /** Open to search engines; the indexable pages without parameters make up the sitemap's static part. */
  readonly indexable: boolean;
}

export const PAGE_ROUTES = [
  { path: '/', title: 'Holiday homes', indexable: true },
  // The property's own name replaces this title once it is known.
  { path: '/property/$id', title: 'Holiday home', indexable: true },
  { path: '/about', title: 'About us', indexable: true },
  { path: '/careers', title: 'Careers', indexable: true },
  { path: '/contact', title: 'Contact us', indexable: true },
  { path: '/help', title: 'Help centre', indexable: true },
  { path: '/privacy', title: 'Privacy policy', indexable: true },
  { path: '/terms', title: 'Terms of service', indexable: true },
  // The visitor's own pages, and links that carry a secret: not for search engines.
  { path: '/saved', title: 'Saved homes', indexable: false },
  { path: '/account', title: 'Account settings', indexable: false },
  { path: '/book/$id', title: 'Confirm and pay', indexable: false },
  { path: '/bookings', title: 'My bookings', indexable: false },
  { path: '/bookings/$id', title: 'Your booking', indexable: false },
  { path: '/find-booking', title: 'Find my booking', indexable: false },
  { path: '/manage/$token', title: 'Manage your booking', indexable: false },
  { path: '/messages/$token', title: 'Your conversation', indexable: false },
  { path: '/forgot-password', title: 'Forgot your password?', indexable: false },
  { path: '/reset-password/$token', title: 'Choose a new password', indexable: false },
  { path: '/team/join/$token', title: 'Join the team', indexable: false },
  { path: '/undo-email-change/$token', title: 'Undo the e-mail change', indexable: false },
  { path: '/admin', title: 'Dashboard · Admin', indexable: false },
  { path: '/admin/listings', title: 'Listings · Admin', indexable: false },
  { path: '/admin/bookings', title: 'Bookings · Admin', indexable: false },
  { path: '/admin/calendar', title: 'Calendar · Admin', indexable: false },
  { path: '/admin/calendar/$id', title: 'Calendar · Admin', indexable: false },
  { path: '/admin/reviews', title: 'Reviews · Admin', indexable: false },
  { path: '/admin/users', title: 'Guests · Admin', indexable: false },
  { path: '/admin/emails', title: 'Emails · Admin', indexable: false },
  { path: '/admin/inbox', title: 'Inbox · Admin', indexable: false },
  { path: '/admin/messages', title: 'Automated messages · Admin', indexable: false },
  { path: '/admin/payments', title: 'Payments · Admin', indexable: false },
  { path: '/admin/tasks', title: 'Turnovers · Admin', indexable: false },
  { path: '/admin/reports', title: 'Reports · Admin', indexable: false },
  { path: '/admin/statements', title: 'Statements · Admin', indexable: false },
  { path: '/admin/team', title: 'Team · Admin', indexable: false },
  { path: '/admin/activity', title: 'Activity · Admin', indexable: false },
  { path: '/admin/settings', title: 'Settings · Admin', indexable: false },
] as const satisfies readonly TPageRoute[];

export type TPagePath = (typeof PAGE_ROUTES)[number]['path'];

/** The title of a path no route matches (and of a listing that does not exist). */
export const NOT_FOUND_TITLE = 'Page not found';

/** The document title: the page's name, then the site's name from Settings. */
export function documentTitle(page: string, siteName: string): string {
  return `${page} · ${siteName}`;
}

export interface TPageMatch {
  route: TPageRoute & { readonly path: TPagePath };
  params: Record<string, string>;
  /** The path as the manifest spells it, parameters filled in and no trailing slash: the canonical path. */
  path: string;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const COMPILED = PAGE_ROUTES.map((route) => ({ route, segments: segmentsOf(route.path) }));

/**
 * A `$id` must be a record id, as the pages read it; any other parameter is any one segment. Literal
 * segments match in any case, as the client's router matches them.
 */
function matchSegment(pattern: string, actual: string): string | undefined | false {
  if (!pattern.startsWith('$')) return pattern.toLowerCase() === actual.toLowerCase() ? undefined : false;
  if (pattern === '$id') return /^\d{1,10}$/.test(actual) && readId(actual) !== undefined ? actual : false;
  return actual;
}

/** The page a pathname shows (a trailing slash allowed), or undefined when it is not a page. */
export function matchPageRoute(pathname: string): TPageMatch | undefined {
  const actual = segmentsOf(pathname);
  for (const { route, segments } of COMPILED) {
    if (segments.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const ok = segments.every((pattern, i) => {
      const value = matchSegment(pattern, actual[i] ?? '');
      if (value === false) return false;
      if (value !== undefined) params[pattern.slice(1)] = value;
      return true;
    });
    if (ok) return { route, params, path: pagePath(route.path, params) };
  }
  return undefined;
}

/** A page's path with its parameters filled in: `pagePath('/property/$id', { id: 3 })`. */
export function pagePath(pattern: TPagePath, params: Record<string, string | number>): string {
  const filled = segmentsOf(pattern).map((s) => (s.startsWith('$') ? String(params[s.slice(1)]) : s));
  return `/${filled.join('/')}`;
}
