import type { IncomingMessage, ServerResponse } from 'node:http';
import { INBOX_PAGE_SIZE } from '#shared/constants.ts';
import type { TPagePath } from '#shared/route-manifest.ts';
import { defaultReportRange } from '#shared/schemas/report-terms.ts';
import { contextFactory, type TServerDeps } from '../context.ts';
import { log } from '../logger.ts';
import { createCaller } from '../router.ts';
import { queryKey, type TPageEntry } from './page-entries.ts';

type TCaller = ReturnType<typeof createCaller>;
type TRead = (call: TCaller) => Promise<TPageEntry[]>;

/**
 * The first data of each back-office page the way it opens from its address (its default range,
 * filter and page): the page draws it on its first render instead of asking after it.
 */
const FIRST_DATA: Partial<Record<TPagePath, (query: URLSearchParams) => TRead | undefined>> = {
  '/admin': () => async (call) => [[queryKey('admin.dashboard'), await call.admin.dashboard()]],
  '/admin/reports': () => async (call) => {
    const input = defaultReportRange();
    return [[queryKey('reports.summary', input), await call.reports.summary(input)]];
  },
  // A filter or page in the address is the page's to read (its search parser); the default is not.
  '/admin/inbox': (query) =>
    query.size > 0
      ? undefined
      : async (call) => {
          const input = { filter: 'all' as const, page: 1, pageSize: INBOX_PAGE_SIZE };
          return [[queryKey('messaging.inbox', input), await call.messaging.inbox(input)]];
        },
};

/**
 * A signed-in operator's back-office page carries its first data (docs/decisions.md#first-response):
 * read through the same procedures the page calls, with the request's session, so the access rules,
 * the staff's scope and the answer's shape are theirs. Any refusal or failure leaves it out, and the page
 * asks for it as before. Undefined for a page that carries none, known before anything is read; else
 * it settles once the session is checked (which may set its cookie, so before the page's first bytes),
 * with the data still being read.
 */
export function adminPageData(deps: TServerDeps) {
  const createContext = contextFactory(deps);
  return (
    req: IncomingMessage,
    res: ServerResponse,
    page: TPagePath,
    query: URLSearchParams,
  ): Promise<{ data: Promise<TPageEntry[]> }> | undefined => {
    const read = FIRST_DATA[page]?.(query);
    if (!read) return undefined;
    const leftOut = (err: unknown): TPageEntry[] => {
      log.debug('back-office page data left out', {
        page,
        err: err instanceof Error ? err.message : String(err),
      });
      return [];
    };
    return createContext({ req, res }).then(
      (ctx) => ({ data: ctx.sessionUser ? read(createCaller(ctx)).catch(leftOut) : Promise.resolve([]) }),
      (err: unknown) => ({ data: Promise.resolve(leftOut(err)) }),
    );
  };
}
