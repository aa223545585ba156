import { Stack, Text } from '@mantine/core';
import { MAX_IMAGES } from '#shared/constants.ts';
import type { TImageUploadResult } from '../../components/image-upload.tsx';
import type { TPropertyForm } from './form-values.ts';
import { ImagesField } from './images-field.tsx';
import { VideoInput } from './video-input.tsx';

/** Photos (5 to 20, the first the cover) and up to 3 videos (docs/product.md#property-form, #admin-validation). */
export function PropertyMediaFields({
  form,
  disabled,
  onProcessingImages,
  onReadingVideos,
}: {
  form: TPropertyForm;
  disabled: boolean;
  onProcessingImages: (processing: boolean) => void;
  onReadingVideos: (reading: boolean) => void;
}) {
  const addImages = ({ images, cut }: TImageUploadResult) => {
    const combined = [...form.values.images, ...images];
    // More than 20 is cut to 20; the form says why the rest were not added.
    form.setFieldValue('images', combined.slice(0, MAX_IMAGES));
    if (cut || combined.length > MAX_IMAGES) form.setFieldError('images', 'Maximum of 20 images allowed');
  };
  return (
    <>
      <ImagesField
        images={form.values.images}
        error={form.errors.images}
        disabled={disabled}
        onRemove={(i) => form.removeListItem('images', i)}
        onMove={(from, to) => form.reorderListItem('images', { from, to })}
        onAdd={addImages}
        onProcessingChange={onProcessingImages}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Videos
        </Text>
        <VideoInput
          value={form.values.videos}
          onChange={(videos) => form.setFieldValue('videos', videos)}
          onReadingChange={onReadingVideos}
          disabled={disabled}
        />
        {form.errors.videos && (
          <Text size="sm" c="red" role="alert">
            {form.errors.videos}
          </Text>
        )}
      </Stack>
    </>
  );
}
