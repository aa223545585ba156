import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Failed to read file')));
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.readAsDataURL(file);
  });
}

/**
 * The single user image of a review (admin-side §2.8, limited to 1 image). The server re-encodes and
 * stores it (DECISIONS 11); here it is only read into a data URL and previewed.
 */
export function AvatarInput({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setError(`Image too large (${(file.size / 1024 / 1024).toFixed(2)} MB). Maximum size is 3MB per image.`);
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      setError('Failed to read file');
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        User Image (optional)
      </Text>
      <Group gap="sm">
        <Avatar src={value} radius="xl" size={48} alt="User image preview" />
        <FileButton onChange={(f) => void pick(f)} accept="image/*">
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={14} />}>
              {value ? 'Change image' : 'Choose image'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => onChange(null)}>
            Remove
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Select a profile image (max size 3MB after compression).
      </Text>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
