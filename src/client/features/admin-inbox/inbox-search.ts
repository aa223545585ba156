import { INBOX_FILTERS, type TInboxFilter } from '#shared/constants.ts';
import { defined, readId, readOneOf, readPage } from '#shared/url-search.ts';

/**
 * The inbox's state in its URL. Its own module: the route reads it to validate the search, and whatever
 * the route imports outside its component lands in the first page load.
 */
export interface TInboxSearch {
  filter?: TInboxFilter;
  page?: number;
  /** The open conversation. */
  c?: number;
}

export function parseInboxSearch(search: Record<string, unknown>): TInboxSearch {
  return defined<TInboxSearch>({
    filter: readOneOf(INBOX_FILTERS, search.filter),
    page: readPage(search.page),
    c: readId(search.c),
  });
}
