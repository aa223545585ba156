import {
  Avatar,
  Button,
  Card,
  Group,
  Modal,
  Rating,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { thumbnailUrl } from '../../../shared/media.ts';
import type { TReview } from '../../../shared/schemas/review.ts';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import { AvatarInput } from './avatar-input.tsx';
import { plural } from '../../../shared/labels.ts';
import '../../styles/more-components.css';

const RATING_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({
  value: String(n),
  label: plural(n, 'Star'),
}));

/** The draft of the add and edit dialogs (admin-side §2.8): rating 5, empty texts, no image. */
export interface TReviewDraft {
  rating: number;
  comment: string;
  userName: string;
  userImage: string | null;
}
export const EMPTY_DRAFT: TReviewDraft = { rating: 5, comment: '', userName: '', userImage: null };

/** A server message for what the admin can fix (validation, size); the spec's fallback otherwise. */
function failureText(err: unknown, fallback: string): string {
  const status = errorStatus(err);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403
    ? errorMessage(err, fallback)
    : fallback;
}

function formatReviewDate(value: string | null | undefined): string {
  const d = value ? new Date(value) : new Date();
  return (Number.isNaN(d.getTime()) ? new Date() : d).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

function DraftFields({
  draft,
  onChange,
  onProcessingChange,
}: {
  draft: TReviewDraft;
  onChange: (d: TReviewDraft) => void;
  onProcessingChange: (processing: boolean) => void;
}) {
  return (
    <>
      <Select
        label="Rating"
        data={RATING_OPTIONS}
        value={String(draft.rating)}
        onChange={(v) => onChange({ ...draft, rating: Number(v ?? 5) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="User Name"
        placeholder="Admin"
        value={draft.userName}
        onChange={(e) => onChange({ ...draft, userName: e.currentTarget.value })}
        maxLength={100}
      />
      <AvatarInput
        value={draft.userImage}
        onChange={(userImage) => onChange({ ...draft, userImage })}
        onProcessingChange={onProcessingChange}
      />
      <Textarea
        label="Review Comment"
        placeholder="Write the review..."
        rows={4}
        value={draft.comment}
        onChange={(e) => onChange({ ...draft, comment: e.currentTarget.value })}
        maxLength={5000}
      />
    </>
  );
}

function ReviewCard({
  review,
  propertyTitle,
  onEdit,
  onDelete,
}: {
  review: TReview;
  propertyTitle: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder padding="lg" data-testid="review-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar
            src={review.userImage ? thumbnailUrl(review.userImage) : null}
            radius="xl"
            size={44}
            alt={review.userName}
          >
            {review.userName.slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {review.userName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatReviewDate(review.date)}
            </Text>
          </div>
        </Group>
        <Rating value={review.rating} readOnly size="sm" aria-label={`${review.rating} out of 5 stars`} />
      </Group>
      <Text mt="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="review-comment">
        {review.comment}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {propertyTitle ?? `Property #${review.propertyId}`}
      </Text>
      <Group gap="xs" mt="md">
        <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

export function ReviewsPage({
  propertyId,
  onPropertyChange,
}: {
  propertyId: number | undefined;
  onPropertyChange: (id: number | undefined) => void;
}) {
  const queryClient = useQueryClient();
  const properties = useQuery(trpc.properties.list.queryOptions());
  const reviews = useQuery({
    ...trpc.reviews.byProperty.queryOptions({ id: propertyId ?? 0 }),
    enabled: propertyId !== undefined,
    staleTime: 0,
  });

  const [addOpen, setAddOpen] = useState(false);
  const [addPropertyId, setAddPropertyId] = useState<string | null>(null);
  const [addDraft, setAddDraft] = useState<TReviewDraft>(EMPTY_DRAFT);
  const [editing, setEditing] = useState<{ review: TReview; draft: TReviewDraft } | null>(null);
  const [deleting, setDeleting] = useState<TReview | null>(null);
  // Submit waits while the avatar is being compressed.
  const [processingImage, setProcessingImage] = useState(false);

  const titles = new Map((properties.data ?? []).map((p) => [p.id, p.title]));
  const propertyOptions = (properties.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.title} (#${p.id})`,
  }));

  /** The changed property's rating and count show everywhere, and its review list is fetched again. */
  const refresh = async (forProperty: number) => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.reviews.byProperty.queryFilter({ id: forProperty })),
      queryClient.invalidateQueries(trpc.properties.pathFilter()),
    ]);
  };

  const create = useMutation(
    trpc.reviews.create.mutationOptions({
      onSuccess: async (review) => {
        notifications.show({ title: 'Success', message: 'Review added successfully', color: 'green' });
        setAddOpen(false);
        setAddDraft(EMPTY_DRAFT);
        if (propertyId === undefined) onPropertyChange(review.propertyId);
        await refresh(review.propertyId);
      },
      onError: (err) =>
        notifications.show({
          title: 'Error',
          message: failureText(err, 'Failed to add review'),
          color: 'red',
        }),
    }),
  );
  const update = useMutation(
    trpc.reviews.update.mutationOptions({
      onSuccess: async (review) => {
        notifications.show({ title: 'Success', message: 'Review updated successfully', color: 'green' });
        setEditing(null);
        await refresh(review.propertyId);
      },
      onError: (err) =>
        notifications.show({
          title: 'Error',
          message: failureText(err, 'Failed to update review'),
          color: 'red',
        }),
    }),
  );
  const remove = useMutation(
    trpc.reviews.delete.mutationOptions({
      onError: (err) =>
        notifications.show({
          title: 'Error',
          message: failureText(err, 'Failed to delete review'),
          color: 'red',
        }),
    }),
  );

  const openAdd = () => {
    setAddPropertyId(propertyId !== undefined ? String(propertyId) : null);
    setAddDraft(EMPTY_DRAFT);
    setAddOpen(true);
  };
  const submitAdd = () => {
    if (!addPropertyId) {
      notifications.show({ title: 'Error', message: 'Please select a property', color: 'red' });
      return;
    }
    create.mutate({
      propertyId: Number(addPropertyId),
      ...addDraft,
      userImage: addDraft.userImage ?? undefined,
    });
  };
  const submitEdit = () => {
    if (!editing) return;
    update.mutate({ id: editing.review.id, ...editing.draft });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          notifications.show({ title: 'Success', message: 'Review deleted successfully', color: 'green' });
          setDeleting(null);
          void refresh(target.propertyId);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Manage Reviews</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
          Add Review
        </Button>
      </Group>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={3}>Property Reviews</Title>
            <Select
              label="Filter by property"
              placeholder={properties.isPending ? 'Loading properties...' : 'Select a property'}
              data={propertyOptions}
              value={propertyId !== undefined ? String(propertyId) : null}
              onChange={(v) => onPropertyChange(v ? Number(v) : undefined)}
              searchable
              clearable
              nothingFoundMessage="No properties found"
              w={{ base: '100%', sm: 360 }}
              data-testid="review-property-filter"
            />
          </Group>

          {propertyId === undefined ? (
            <Text c="dimmed" ta="center" py="xl">
              Select a property to view its reviews
            </Text>
          ) : reviews.isPending ? (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {[0, 1].map((i) => (
                <Skeleton key={i} h={160} />
              ))}
            </SimpleGrid>
          ) : reviews.isError ? (
            <Text c="red" ta="center" py="xl">
              {errorMessage(reviews.error, 'Failed to load reviews')}
            </Text>
          ) : reviews.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No reviews found for this property
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {reviews.data.map((r) => (
                <ReviewCard
                  key={r.id}
                  review={r}
                  propertyTitle={titles.get(r.propertyId)}
                  onEdit={() =>
                    setEditing({
                      review: r,
                      draft: {
                        rating: r.rating,
                        comment: r.comment,
                        userName: r.userName,
                        userImage: r.userImage,
                      },
                    })
                  }
                  onDelete={() => setDeleting(r)}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={addOpen}
        onClose={() => setAddOpen(false)}
        title="Add Review"
        size="lg"
      >
        <Stack gap="sm">
          <Select
            label="Property"
            placeholder="Select a property"
            data={propertyOptions}
            value={addPropertyId}
            onChange={setAddPropertyId}
            searchable
            comboboxProps={{ withinPortal: true }}
            data-testid="add-review-property"
          />
          <DraftFields draft={addDraft} onChange={setAddDraft} onProcessingChange={setProcessingImage} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setAddOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submitAdd} loading={create.isPending} disabled={processingImage}>
              Add Review
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title="Edit Review"
        size="lg"
      >
        {editing && (
          <Stack gap="sm">
            <DraftFields
              draft={editing.draft}
              onChange={(draft) => setEditing({ ...editing, draft })}
              onProcessingChange={setProcessingImage}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button onClick={submitEdit} loading={update.isPending} disabled={processingImage}>
                Update Review
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Review"
      >
        <Text>Are you sure you want to delete this review? This action cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
