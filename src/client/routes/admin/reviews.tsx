import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ReviewsPage } from '../../features/admin-reviews/reviews-page.tsx';
import { parseReviewsSearch, type TReviewsSearch } from '../../features/admin-reviews/search.ts';

export const Route = createFileRoute('/admin/reviews')({
  validateSearch: (search: Record<string, unknown>) => parseReviewsSearch(search),
  component: function AdminReviews() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback(
      (patch: Partial<TReviewsSearch>, resetPage = true) =>
        void navigate({
          search: (prev) => ({ ...prev, ...(resetPage ? { page: undefined } : {}), ...patch }),
        }),
      [navigate],
    );
    return <ReviewsPage search={search} onSearch={onSearch} />;
  },
});
