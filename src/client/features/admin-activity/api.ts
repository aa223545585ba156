import { keepPreviousData } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, type TActivityEntityType } from '#shared/schemas/activity.ts';
import { trpc } from '../../lib/trpc.ts';

export interface TActivitySearch {
  page?: number;
  entityType?: TActivityEntityType;
}

/** One server page of the audit trail; the previous page stays on screen while the next loads. */
export function activityPageQuery(search: TActivitySearch) {
  return {
    ...trpc.admin.activity.queryOptions({
      page: search.page ?? 1,
      pageSize: ACTIVITY_PAGE_SIZE,
      entityType: search.entityType,
    }),
    placeholderData: keepPreviousData,
  };
}
