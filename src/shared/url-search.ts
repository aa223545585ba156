import { isValidIsoDate } from './dates.ts';

/**
 * The limits that the admin tables' zod inputs (schemas/admin*.ts, schemas/activity.ts) and the client's
 * route readers share, and the readers themselves. The readers are plain checks, not zod: route search
 * and params are parsed in the entry chunk, which the guest's first load shares, and zod there costs
 * 26 KiB gzip (measured: 158.3 → 184.3 KiB for the entry, over the home page's 170 KiB budget). A unit
 * test (url-search-contract) holds every reader to the zod input of the procedure it feeds.
 */
export const ID_MAX = 2_147_483_647;
export const SEARCH_TEXT_MAX = 100;
/** The lowest page limit of the paged admin inputs (accounts and activity; bookings allow more). */
export const PAGE_MAX = 100_000;
export const RATING_MAX = 5;
export const SORT_DIRS = ['asc', 'desc'] as const;
export type TSortDir = (typeof SORT_DIRS)[number];
export const ADMIN_USER_ROLES = ['admin', 'guest'] as const;
export type TAdminUserRole = (typeof ADMIN_USER_ROLES)[number];

/** Router search values arrive JSON-parsed: `?page=2` is the number 2, `?q=123` the number 123. */
function wholeNumber(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** A whole number in [min, max], or undefined. */
export function readInt(v: unknown, min: number, max: number): number | undefined {
  const n = wholeNumber(v);
  return n !== undefined && n >= min && n <= max ? n : undefined;
}

/** A record id (ZId: a positive whole number that fits PostgreSQL's integer), or undefined. */
export const readId = (v: unknown) => readInt(v, 1, ID_MAX);

/** A page after the first (page 1 is left out of the URL), or undefined. */
export const readPage = (v: unknown) => readInt(v, 2, PAGE_MAX);

/** Trimmed search text of 1 to `max` characters, or undefined. */
export function readText(v: unknown, max = SEARCH_TEXT_MAX): string | undefined {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  return s.length >= 1 && s.length <= max ? s : undefined;
}

/** One of `list` (numbers match their string form too), or undefined. */
export function readOneOf<T extends string | number>(list: readonly T[], v: unknown): T | undefined {
  return list.find((x) => x === v || String(x) === v);
}

export const readIsoDate = (v: unknown) => (typeof v === 'string' && isValidIsoDate(v) ? v : undefined);

/** Leaves out what is undefined, so the URL carries only what was set. */
export function defined<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T;
}
