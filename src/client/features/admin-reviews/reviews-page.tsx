import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TReview } from '#shared/schemas/review.ts';
import { AdminPageHeader } from '../../components/admin-page-header.tsx';
import { propertyChoicesQueryOptions } from './api.ts';
import { AllReviews } from './all-reviews.tsx';
import { DeleteReviewDialog } from './delete-review-dialog.tsx';
import { PropertyReviews } from './property-reviews.tsx';
import { ReviewDialog, type TReviewDialog } from './review-dialog.tsx';
import type { TReviewsSearch } from './search.ts';
import '../../styles/more-components.css';

/**
 * Manage Reviews (docs/product.md#admin-reviews): the spec's per-home view, and 'All homes', one paged list of every
 * review (docs/features.md#admin-back-office). Both share the add, edit and delete dialogs; the state lives in the URL.
 */
export function ReviewsPage({
  search,
  onSearch,
}: {
  search: TReviewsSearch;
  onSearch: (patch: Partial<TReviewsSearch>, resetPage?: boolean) => void;
}) {
  const properties = useQuery(propertyChoicesQueryOptions());
  const [dialog, setDialog] = useState<TReviewDialog>(null);
  const [deleting, setDeleting] = useState<TReview | null>(null);
  const titles = new Map((properties.data ?? []).map((p) => [p.id, p.title]));
  const propertyOptions = (properties.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.title} (#${p.id})`,
  }));
  const all = search.view === 'all';

  return (
    <Stack gap="md">
      <AdminPageHeader
        title="Manage Reviews"
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ mode: 'add', propertyId: search.property })}
          >
            Add Review
          </Button>
        }
      />
      <SegmentedControl
        aria-label="Show reviews"
        w="fit-content"
        value={all ? 'all' : 'home'}
        onChange={(v) => onSearch({ view: v === 'all' ? 'all' : undefined })}
        data={[
          { value: 'home', label: 'By home' },
          { value: 'all', label: 'All homes' },
        ]}
      />
      {all ? (
        <AllReviews
          search={search}
          onSearch={onSearch}
          propertyOptions={propertyOptions}
          onEdit={(review) => setDialog({ mode: 'edit', review })}
          onDelete={setDeleting}
        />
      ) : (
        <PropertyReviews
          propertyId={search.property}
          onPropertyChange={(property) => onSearch({ property })}
          propertyOptions={propertyOptions}
          propertiesPending={properties.isPending}
          titles={titles}
          onEdit={(review) => setDialog({ mode: 'edit', review })}
          onDelete={setDeleting}
        />
      )}
      <ReviewDialog
        dialog={dialog}
        propertyOptions={propertyOptions}
        onClose={() => setDialog(null)}
        onAdded={(property) => {
          if (!all && search.property === undefined) onSearch({ property });
        }}
      />
      <DeleteReviewDialog review={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
