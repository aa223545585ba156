import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { ZCategoryInput, type TCategory } from '#shared/schemas/category.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { useSaveCategory } from './api.ts';
import { CategoryIcon } from './category-icon.tsx';

interface TDraft {
  name: string;
  icon: string;
  active: boolean;
}
const EMPTY: TDraft = { name: '', icon: '', active: true };

/**
 * Create/Edit Category (docs/product.md#categories), validated by the schema the server applies. The icon is an
 * https URL, a path on this site, or an image uploaded here (stored through the media pipeline).
 */
export function CategoryDialog({
  opened,
  editing,
  onClose,
}: {
  opened: boolean;
  editing: TCategory | null;
  onClose: () => void;
}) {
  const form = useForm<TDraft>({ initialValues: EMPTY, validate: zod4Resolver(ZCategoryInput) });
  const [processing, setProcessing] = useState(false);
  const { setValues, reset } = form;
  useEffect(() => {
    if (!opened) return;
    if (editing) setValues({ name: editing.name, icon: editing.icon, active: editing.active });
    else reset();
  }, [opened, editing, setValues, reset]);

  const close = () => {
    reset();
    onClose();
  };
  const { create, update, pending } = useSaveCategory(close);
  const icon = form.getValues().icon;
  const uploaded = icon.startsWith('data:');

  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Edit Category' : 'Create Category'}>
      <DialogForm
        aria-label={editing ? 'Edit Category' : 'Create Category'}
        onSubmit={form.onSubmit(
          (values) => {
            const body = ZCategoryInput.parse(values);
            if (editing) update.mutate({ id: editing.id, ...body });
            else create.mutate(body);
          },
          (errors) => {
            // The spec's toast for a blank name (docs/product.md#admin-validation), beside the field's own message.
            if (errors.name) {
              notifications.show({
                title: 'Validation Error',
                message: 'Category name is required.',
                color: 'red',
              });
            }
          },
        )}
      >
        <Stack gap="sm">
          <TextInput
            label="Category Name"
            placeholder="e.g. Beach, Mountain, City"
            maxLength={60}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="Icon URL"
              description="Enter a URL for the category icon image (https://), or upload one below"
              placeholder="https://..."
              {...form.getInputProps('icon')}
              value={uploaded ? '' : icon}
              readOnly={uploaded}
            />
            <CategoryIcon src={icon || null} alt="Icon preview" />
          </Group>
          {uploaded && (
            <Group gap="xs">
              <Text size="sm">Uploaded image selected.</Text>
              <Button variant="subtle" size="compact-sm" onClick={() => form.setFieldValue('icon', '')}>
                Remove
              </Button>
            </Group>
          )}
          <ImageUpload
            mode="single"
            onImagesProcessed={({ images }) => {
              if (images[0]) form.setFieldValue('icon', images[0]);
            }}
            onProcessingChange={setProcessing}
          />
          <Checkbox label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={processing}>
              {editing ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
