import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ImageUpload } from '../../components/image-upload.tsx';

/**
 * The single user image of a review (docs/product.md#admin-reviews, limited to 1 image): the shared upload widget in
 * single mode compresses it in the browser; the server checks, re-encodes and stores it (docs/decisions.md#media).
 */
export function AvatarInput({
  value,
  onChange,
  onProcessingChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  onProcessingChange: (processing: boolean) => void;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        User Image (optional)
      </Text>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar
          src={value}
          radius="xl"
          size={48}
          alt="User image preview"
          data-testid="review-avatar-preview"
        />
        <Stack gap={4} style={{ flex: 1 }}>
          <ImageUpload
            mode="single"
            onImagesProcessed={({ images }) => {
              if (images[0]) onChange(images[0]);
            }}
            onProcessingChange={onProcessingChange}
          />
          {value && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              w="fit-content"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange(null)}
            >
              Remove image
            </Button>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
