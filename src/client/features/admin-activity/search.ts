import { ACTIVITY_ENTITY_TYPES } from '#shared/constants.ts';
import { defined, readOneOf, readPage } from '#shared/url-search.ts';
import type { TActivitySearch } from './api.ts';

/** Reads the Activity page's URL by the limits of ZActivityListInput (shared/url-search.ts says why not zod). */
export function parseActivitySearch(search: Record<string, unknown>): TActivitySearch {
  return defined<TActivitySearch>({
    page: readPage(search.page),
    entityType: readOneOf(ACTIVITY_ENTITY_TYPES, search.entityType),
  });
}
