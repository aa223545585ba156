import { ActionIcon, Button, Card, FileButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconVideoPlus } from '@tabler/icons-react';
import { useRef, useState, type ComponentProps } from 'react';
import { MAX_VIDEOS, VIDEO_MAX_BYTES, VIDEOS_TOTAL_MAX_BYTES } from '#shared/constants.ts';
import '../../styles/more-components.css';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

/** Decoded size of a data URL; 0 for a stored /media URL (already counted when it was uploaded). */
function dataUrlBytes(url: string): number {
  if (!url.startsWith('data:')) return 0;
  const payload = url.slice(url.indexOf(',') + 1);
  return Math.floor((payload.length * 3) / 4);
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no result'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

const toast = (title: string, message: string) => notifications.show({ title, message, color: 'red' });

/**
 * The property's videos (docs/product.md#property-form, #admin-validation): read into data URLs in the browser and sent with the
 * form; the server checks and stores them. `onReadingChange` is the "files are being read" flag.
 */
export function VideoInput({
  value,
  onChange,
  onReadingChange,
  disabled,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  onReadingChange: (reading: boolean) => void;
  disabled?: boolean;
}) {
  const [reading, setReading] = useState(false);
  const resetRef = useRef<() => void>(null);

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    if (value.length + files.length > MAX_VIDEOS) {
      toast('Too many videos', 'You can upload a maximum of 3 videos.');
      resetRef.current?.();
      return;
    }
    setReading(true);
    onReadingChange(true);
    try {
      const added: string[] = [];
      let total = value.reduce((sum, v) => sum + dataUrlBytes(v), 0);
      for (const file of files) {
        if (!file.type.startsWith('video/')) {
          toast('Invalid file type', `${file.name} is not a video file.`);
          continue;
        }
        if (file.size > VIDEO_MAX_BYTES) {
          toast(
            'Video too large',
            `${file.name} is ${mb(file.size)} MB. Maximum size is ${VIDEO_MAX_BYTES / 1024 / 1024}MB per video.`,
          );
          continue;
        }
        if (total + file.size > VIDEOS_TOTAL_MAX_BYTES) {
          toast(
            'Video too large',
            `Total video size would exceed ${VIDEOS_TOTAL_MAX_BYTES / 1024 / 1024}MB per property.`,
          );
          continue;
        }
        try {
          added.push(await readAsDataUrl(file));
          total += file.size;
        } catch {
          toast('Video upload error', `Failed to process video ${file.name}`);
        }
      }
      if (added.length > 0) onChange([...value, ...added]);
    } catch {
      toast('Error', 'An unexpected error occurred during video processing.');
    } finally {
      setReading(false);
      onReadingChange(false);
      resetRef.current?.();
    }
  };

  return (
    <Stack gap="xs">
      {value.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" data-testid="video-list">
          {value.map((src, i) => (
            <Card key={`${i}-${src.slice(0, 64)}`} withBorder padding={4} radius="md" pos="relative">
              <video
                src={src}
                controls
                preload="metadata"
                style={{ width: '100%', maxHeight: 140, borderRadius: 6, background: '#000' }}
              />
              <ActionIcon
                pos="absolute"
                top={8}
                right={8}
                color="red"
                variant="filled"
                size="sm"
                aria-label={`Remove video ${i + 1}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Group gap="sm">
        <FileButton
          multiple
          accept="video/*"
          onChange={(files) => void add(files)}
          disabled={disabled || reading}
          resetRef={resetRef}
          inputProps={{ 'data-testid': 'video-upload-input' } as ComponentProps<'input'>}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconVideoPlus size={16} />} loading={reading}>
              Add videos
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Optional, up to {MAX_VIDEOS} videos of at most {VIDEO_MAX_BYTES / 1024 / 1024}MB each.
        </Text>
      </Group>
    </Stack>
  );
}
