import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TProperty } from '#shared/schemas/property.ts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import { deleteImpactQueryOptions } from './api.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The delete question (docs/product.md#admin-listings). A home with bookings is archived, not deleted (README): the
 * dialog says so, and how many stays are still ahead, before the admin confirms.
 */
export function DeletePropertyDialog({
  property,
  loading,
  onClose,
  onConfirm,
}: {
  property: TProperty | null;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const impact = useQuery({ ...deleteImpactQueryOptions(property?.id ?? 0), enabled: property !== null });
  const archive = impact.data?.willArchive === true;
  return (
    <ConfirmDeleteModal
      opened={property !== null}
      title={archive ? 'Archive property' : 'Delete property'}
      onClose={onClose}
      onConfirm={onConfirm}
      loading={loading || impact.isPending}
      confirmLabel={archive ? 'Archive' : 'Delete'}
    >
      <Stack gap="xs" data-testid="delete-property-message">
        {impact.isPending ? (
          <Skeleton h={40} />
        ) : archive && impact.data ? (
          <>
            <Text>
              This property has {plural(impact.data.bookings, 'booking')}, {impact.data.upcoming} of them
              upcoming. It will be archived, not deleted: it leaves the listings and the search and takes no
              new bookings, while its bookings are kept.
            </Text>
            <Text size="sm">You can restore it any time from the Archived filter.</Text>
          </>
        ) : (
          <Text>Are you sure you want to delete this property? This action cannot be undone.</Text>
        )}
        {property && (
          <Text size="sm" c="dimmed">
            {property.title}
          </Text>
        )}
      </Stack>
    </ConfirmDeleteModal>
  );
}
