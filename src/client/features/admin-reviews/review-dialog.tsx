import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { ZReviewCreateInput, ZReviewUpdateInput, type TReview } from '#shared/schemas/review.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { useCreateReview, useUpdateReview } from './api.ts';
import { ReviewFields, reviewValues, useReviewForm } from './review-fields.tsx';

export type TReviewDialog = { mode: 'add'; propertyId?: number } | { mode: 'edit'; review: TReview } | null;

/**
 * Add Review and Edit Review (docs/product.md#admin-reviews), validated by the schemas the server applies, so the
 * messages are the same on both sides. Edit has the same fields minus the property.
 */
export function ReviewDialog({
  dialog,
  propertyOptions,
  onClose,
  onAdded,
}: {
  dialog: TReviewDialog;
  propertyOptions: { value: string; label: string }[];
  onClose: () => void;
  onAdded: (propertyId: number) => void;
}) {
  // The last dialog asked for: while the modal fades out (`dialog` already null) it keeps its title.
  const [shown, setShown] = useState(dialog);
  if (dialog !== null && dialog !== shown) setShown(dialog);
  const editing = shown?.mode === 'edit' ? shown.review : undefined;
  const form = useReviewForm();
  // Submit waits while the avatar is being compressed.
  const [processing, setProcessing] = useState(false);
  const { setValues, resetDirty, clearErrors } = form;
  useEffect(() => {
    if (!dialog) return;
    const values =
      dialog.mode === 'edit' ? reviewValues(dialog.review) : reviewValues(undefined, dialog.propertyId);
    setValues(values);
    resetDirty(values);
    clearErrors();
  }, [dialog, setValues, resetDirty, clearErrors]);

  const create = useCreateReview((propertyId) => {
    onAdded(propertyId);
    onClose();
  });
  const update = useUpdateReview(onClose);
  const title = editing ? 'Edit Review' : 'Add Review';

  const submit = form.onSubmit(
    (values) => {
      if (editing) {
        update.mutate({ id: editing.id, ...ZReviewUpdateInput.parse(values) });
      } else {
        create.mutate(ZReviewCreateInput.parse(values));
      }
    },
    (errors) => {
      // The spec's toast when no property is chosen (docs/product.md#admin-validation), beside the field's own message.
      if (errors.propertyId) {
        notifications.show({ title: 'Error', message: 'Please select a property', color: 'red' });
      }
    },
  );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={dialog !== null}
      onClose={onClose}
      title={title}
      size="lg"
    >
      <DialogForm aria-label={title} onSubmit={submit}>
        <Stack gap="sm">
          {!editing && (
            <Select
              label="Property"
              placeholder="Select a property"
              data={propertyOptions}
              searchable
              comboboxProps={{ withinPortal: true }}
              data-testid="add-review-property"
              {...form.getInputProps('propertyId')}
            />
          )}
          <ReviewFields form={form} onProcessingChange={setProcessing} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} disabled={processing}>
              {editing ? 'Update Review' : 'Add Review'}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
