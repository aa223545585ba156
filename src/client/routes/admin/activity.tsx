import { createFileRoute } from '@tanstack/react-router';
import type { TActivitySearch } from '../../features/admin-activity/api.ts';
import { ActivityPage } from '../../features/admin-activity/activity-page.tsx';
import { ACTIVITY_ENTITY_TYPES, type TActivityEntityType } from '../../../shared/constants.ts';

export const Route = createFileRoute('/admin/activity')({
  validateSearch: (search: Record<string, unknown>): TActivitySearch => {
    const page = Number(search.page);
    const type: TActivityEntityType | undefined = ACTIVITY_ENTITY_TYPES.find((t) => t === search.entityType);
    return { ...(Number.isInteger(page) && page > 1 ? { page } : {}), ...(type ? { entityType: type } : {}) };
  },
  component: function AdminActivity() {
    return <ActivityPage search={Route.useSearch()} />;
  },
});
