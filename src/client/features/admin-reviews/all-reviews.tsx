import { Alert, Card, Rating, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TReview } from '#shared/schemas/review.ts';
import { TablePaging } from '../../components/table-controls.tsx';
import { AdminTableBody } from '../../components/admin-table-body.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { allReviewsQueryOptions } from './api.ts';
import { AllReviewsFilters } from './all-reviews-filters.tsx';
import { ReviewActions, Reviewer } from './review-card.tsx';
import { allReviewsInput, REVIEWS_PAGE_SIZES, type TReviewsSearch } from './search.ts';

const COLUMNS = ['Reviewer', 'Home', 'Rating', 'Comment', 'Actions'];

/**
 * Every review across all homes, newest first (docs/features.md#admin-back-office): one server-paged table filtered by home, rating
 * and reviewer name, all in the URL.
 */
export function AllReviews({
  search,
  onSearch,
  propertyOptions,
  onEdit,
  onDelete,
}: {
  search: TReviewsSearch;
  onSearch: (patch: Partial<TReviewsSearch>, resetPage?: boolean) => void;
  propertyOptions: { value: string; label: string }[];
  onEdit: (review: TReview) => void;
  onDelete: (review: TReview) => void;
}) {
  const shown = useQuery({
    ...allReviewsQueryOptions(allReviewsInput(search)),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <AllReviewsFilters search={search} propertyOptions={propertyOptions} onChange={onSearch} />
      {shown.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Failed to load reviews"
        >
          {errorMessage(shown.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="all-reviews-table">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <AdminTableBody
                items={shown.data?.items}
                cols={COLUMNS.length}
                empty="No reviews found"
                renderRow={(r) => (
                  <Table.Tr key={r.id} data-testid="review-row">
                    <Table.Td>
                      <Reviewer review={r} compact />
                    </Table.Td>
                    <Table.Td>{r.propertyTitle}</Table.Td>
                    <Table.Td>
                      <Rating
                        value={r.rating}
                        readOnly
                        size="xs"
                        role="img"
                        aria-label={`${r.rating} out of 5 stars`}
                      />
                    </Table.Td>
                    <Table.Td maw={360}>
                      <Text size="sm" lineClamp={2} data-testid="review-comment">
                        {r.comment}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ReviewActions onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />
                    </Table.Td>
                  </Table.Tr>
                )}
              />
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {shown.data && (
        <TablePaging
          of={shown.data}
          sizes={REVIEWS_PAGE_SIZES}
          noun="reviews"
          onSearch={onSearch}
          testId="reviews-paging"
        />
      )}
    </Stack>
  );
}
