import { Alert, Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPhotoPlus } from '@tabler/icons-react';
import { useRef, useState, type ComponentProps } from 'react';
import { processImageFiles, type TImageUploadResult } from './image-processing.ts';
import '../styles/more-components.css';

export { processImageFiles, toMb, type TImageUploadResult } from './image-processing.ts';

export interface TImageUploadProps {
  /** 'single' is the profile image of a review: one image, the first processed. */
  mode?: 'single' | 'multiple';
  /** The most images one selection may add (multiple mode). */
  maxImages?: number;
  /** Receives the processed images as data URLs; the widget makes no network call. */
  onImagesProcessed: (result: TImageUploadResult) => void;
  disabled?: boolean;
  /** Reports whether images are being processed, so a form can hold its submit meanwhile. */
  onProcessingChange?: (processing: boolean) => void;
  /** Bytes of new images the form already holds: a selection may not take the total past 19 MB. */
  heldBytes?: number;
}

/**
 * The image upload widget (docs/product.md#admin-validation): choose files, see a percentage while they are
 * compressed in the browser, and read any failure in a red alert above the file chooser.
 */
export function ImageUpload({
  mode = 'multiple',
  maxImages = 20,
  onImagesProcessed,
  disabled,
  onProcessingChange,
  heldBytes = 0,
}: TImageUploadProps) {
  const single = mode === 'single';
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // Clears the file input after each selection, so choosing the same file again still reports it.
  const resetRef = useRef<() => void>(null);

  const handle = async (files: File[]) => {
    if (files.length === 0) return;
    setErrors([]);
    setPercent(0);
    onProcessingChange?.(true);
    try {
      const result = await processImageFiles(files, single ? 1 : maxImages, setPercent, heldBytes);
      setErrors(result.errors);
      if (result.images.length > 0) {
        onImagesProcessed({ images: single ? result.images.slice(0, 1) : result.images, cut: result.cut });
      } else if (result.cut) {
        onImagesProcessed({ images: [], cut: true });
      }
    } catch {
      setErrors(['Failed to process images']);
    } finally {
      setPercent(null);
      onProcessingChange?.(false);
      resetRef.current?.();
    }
  };

  const processing = percent !== null;
  // Data attributes are valid on an input, though not in its props type.
  const inputProps = {
    'data-testid': single ? 'image-upload-input-single' : 'image-upload-input',
  } as ComponentProps<'input'>;
  return (
    <Stack gap="xs">
      {errors.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          data-testid="image-upload-errors"
        >
          {errors.length === 1 ? (
            errors[0]
          ) : (
            <List size="sm" spacing={2}>
              {errors.map((e, i) => (
                <List.Item key={i}>{e}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group gap="sm">
        <FileButton
          multiple={!single}
          onChange={(f) => void handle(f === null ? [] : Array.isArray(f) ? f : [f])}
          accept="image/*"
          disabled={disabled || processing}
          inputProps={inputProps}
          resetRef={resetRef}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoPlus size={16} />}
              loading={processing}
            >
              {single ? 'Choose image' : 'Choose images'}
            </Button>
          )}
        </FileButton>
        {processing && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="image-upload-progress">
            Processing images… {percent}%
          </Text>
        )}
      </Group>
      {processing && <Progress value={percent} size="sm" aria-label="Image processing progress" />}
      <Text size="xs" c="dimmed">
        Images will be resized to fit Full HD resolution with optimized quality.
      </Text>
      <Text size="xs" c="dimmed">
        {single
          ? 'Select a profile image (max size 3MB after compression).'
          : `Select up to ${maxImages} images. Each image should be less than 3MB after compression.`}
      </Text>
    </Stack>
  );
}
