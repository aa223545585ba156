import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { plural } from '#shared/labels.ts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZReviewCreateInput, type TReview } from '#shared/schemas/review.ts';
import { AvatarInput } from './avatar-input.tsx';

export const RATING_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({
  value: String(n),
  label: plural(n, 'Star'),
}));

/**
 * The add and edit dialogs' values (docs/product.md#admin-reviews: rating 5, empty texts, no image), as the inputs hold
 * them; the shared review schemas validate and convert them.
 */
export interface TReviewValues {
  propertyId: string | null;
  rating: string;
  comment: string;
  userName: string;
  userImage: string | null;
}

export function reviewValues(review?: TReview, propertyId?: number): TReviewValues {
  return review
    ? {
        propertyId: String(review.propertyId),
        rating: String(review.rating),
        comment: review.comment,
        userName: review.userName,
        userImage: review.userImage,
      }
    : {
        propertyId: propertyId !== undefined ? String(propertyId) : null,
        rating: '5',
        comment: '',
        userName: '',
        userImage: null,
      };
}

/** The dialogs' form. The create schema checks both: an edit's values carry the review's own property. */
export function useReviewForm() {
  return useForm<TReviewValues>({
    initialValues: reviewValues(),
    validate: zod4Resolver(ZReviewCreateInput),
  });
}
type TReviewForm = ReturnType<typeof useReviewForm>;

/** Rating, user name, user image and comment: the fields both dialogs share. */
export function ReviewFields({
  form,
  onProcessingChange,
}: {
  form: TReviewForm;
  onProcessingChange: (processing: boolean) => void;
}) {
  return (
    <>
      <Select
        label="Rating"
        data={RATING_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('rating')}
      />
      <TextInput label="User Name" placeholder="Admin" maxLength={100} {...form.getInputProps('userName')} />
      <AvatarInput
        value={form.values.userImage}
        onChange={(userImage) => form.setFieldValue('userImage', userImage)}
        onProcessingChange={onProcessingChange}
      />
      <Textarea
        label="Review Comment"
        placeholder="Write the review..."
        rows={4}
        maxLength={5000}
        {...form.getInputProps('comment')}
      />
    </>
  );
}
