import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/admin-reviews/reviews-page.tsx';

interface TReviewsSearch {
  property?: number;
}

export const Route = createFileRoute('/admin/reviews')({
  validateSearch: (search: Record<string, unknown>): TReviewsSearch => {
    const property = Number(search.property);
    return Number.isInteger(property) && property > 0 ? { property } : {};
  },
  component: function AdminReviews() {
    const { property } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ReviewsPage
        propertyId={property}
        onPropertyChange={(id) =>
          void navigate({ search: (prev) => ({ ...prev, property: id }), replace: true })
        }
      />
    );
  },
});
