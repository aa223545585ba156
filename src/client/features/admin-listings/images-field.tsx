import { ActionIcon, Badge, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { IMAGES_TOTAL_MAX_BYTES, MAX_IMAGES, MIN_IMAGES } from '#shared/constants.ts';
import { thumbnailUrl, uploadedBytes } from '#shared/media.ts';
import { ImageUpload, toMb, type TImageUploadResult } from '../../components/image-upload.tsx';

/**
 * The property's photos: the first is the cover. Reorder by dragging a photo onto another, or by
 * keyboard with each photo's 'earlier' and 'later' buttons.
 */
export function ImagesField({
  images,
  error,
  disabled,
  onRemove,
  onMove,
  onAdd,
  onProcessingChange,
}: {
  images: string[];
  error: ReactNode;
  disabled: boolean;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onAdd: (result: TImageUploadResult) => void;
  onProcessingChange: (processing: boolean) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  // The new photos' running size: the server takes at most 19 MB of them in one save (docs/features.md#admin-back-office).
  const heldBytes = images.reduce((sum, src) => sum + uploadedBytes(src), 0);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Images{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Text size="xs" c="dimmed" data-testid="image-count">
          {images.length} / {MAX_IMAGES} (at least {MIN_IMAGES}); the first is the cover
        </Text>
        <Text size="xs" c="dimmed" data-testid="image-bytes">
          New images: {toMb(heldBytes)} MB of {toMb(IMAGES_TOTAL_MAX_BYTES)} MB
        </Text>
      </Group>
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" data-testid="image-list">
          {images.map((src, i) => (
            <div
              key={`${i}-${src.slice(-48)}`}
              style={{ position: 'relative', opacity: dragged === i ? 0.5 : 1 }}
              draggable={!disabled}
              onDragStart={() => setDragged(i)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null && dragged !== i) onMove(dragged, i);
                setDragged(null);
              }}
              data-testid="image-item"
            >
              <Image
                src={src.startsWith('data:') ? src : thumbnailUrl(src)}
                alt={`Image ${i + 1}`}
                h={80}
                radius="sm"
                fit="cover"
              />
              {i === 0 && (
                <Badge size="xs" pos="absolute" top={4} left={4} variant="filled">
                  Cover
                </Badge>
              )}
              <ActionIcon
                pos="absolute"
                top={4}
                right={4}
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => onRemove(i)}
                disabled={disabled}
              >
                <IconX size={12} />
              </ActionIcon>
              <Group gap={4} pos="absolute" bottom={4} right={4}>
                <ActionIcon
                  size="sm"
                  color="dark"
                  variant="filled"
                  aria-label={`Move image ${i + 1} earlier`}
                  onClick={() => onMove(i, i - 1)}
                  disabled={disabled || i === 0}
                >
                  <IconChevronLeft size={12} />
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  color="dark"
                  variant="filled"
                  aria-label={`Move image ${i + 1} later`}
                  onClick={() => onMove(i, i + 1)}
                  disabled={disabled || i === images.length - 1}
                >
                  <IconChevronRight size={12} />
                </ActionIcon>
              </Group>
            </div>
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="images-error">
          {error}
        </Text>
      )}
      <ImageUpload
        mode="multiple"
        maxImages={MAX_IMAGES}
        onImagesProcessed={onAdd}
        disabled={disabled}
        onProcessingChange={onProcessingChange}
        heldBytes={heldBytes}
      />
    </Stack>
  );
}
