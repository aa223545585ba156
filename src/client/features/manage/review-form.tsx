import { Button, Rating, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZStayReviewForm, type TStayReviewForm } from '#shared/schemas/manage.ts';
import { plural } from '#shared/labels.ts';
import '../../styles/more-components.css';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/** 1–5 stars and a comment, for a completed stay (docs/decisions.md#stay-reviews). */
export function StayReviewForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: { rating: number; comment: string }) => void;
}) {
  const form = useForm<TStayReviewForm>({
    initialValues: { rating: 0, comment: '' },
    validate: zod4Resolver(ZStayReviewForm),
  });
  return (
    <form
      aria-label="Review your stay"
      noValidate
      onSubmit={form.onSubmit((v) => onSubmit({ rating: Number(v.rating), comment: v.comment }))}
    >
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} id="stay-rating-label">
            Your rating
          </Text>
          <Rating
            size="lg"
            aria-labelledby="stay-rating-label"
            value={Number(form.values.rating)}
            onChange={(v) => form.setFieldValue('rating', v)}
            getSymbolLabel={(i) => plural(i, 'star')}
            data-testid="stay-rating"
          />
          {form.errors.rating && (
            <Text size="xs" c="red" role="alert">
              {form.errors.rating}
            </Text>
          )}
        </div>
        <GrowingTextarea
          label="Your review"
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('comment')}
        />
        <Button type="submit" loading={pending}>
          Submit review
        </Button>
      </Stack>
    </form>
  );
}
