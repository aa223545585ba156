import { Alert, Button, FileButton, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { TASK_PHOTOS_MAX, type TTask } from '#shared/schemas/tasks.ts';
import { processImageFiles } from '../../components/image-processing.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/**
 * Marks a turnover done with a note and photos (problems have their own report: problem-modal.tsx).
 * Photos are shrunk in the browser and sent as data URLs; the server stores them through the media pipeline.
 */
export function FinishModal({
  task,
  busy,
  onClose,
  onSubmit,
}: {
  task: TTask;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: { text: string; photos: string[] }) => void;
}) {
  const [text, setText] = useState(task.note ?? '');
  const [photos, setPhotos] = useState<string[]>(task.photos);
  const [errors, setErrors] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const addPhotos = async (files: File[]) => {
    setReading(true);
    try {
      const out = await processImageFiles(files, TASK_PHOTOS_MAX - photos.length, () => undefined);
      setPhotos((prev) => [...prev, ...out.images].slice(0, TASK_PHOTOS_MAX));
      setErrors(out.errors);
    } finally {
      setReading(false);
    }
  };
  const title = `Done: ${task.property.title}`;
  return (
    <Modal opened onClose={onClose} title={title} centered fullScreen={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit({ text: text.trim(), photos });
        }}
      >
        <Stack gap="sm">
          <GrowingTextarea
            label="Note"
            minRows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group gap="xs">
            <FileButton onChange={(files) => void addPhotos(files)} accept="image/*" multiple>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconCamera size={16} aria-hidden />}
                  disabled={photos.length >= TASK_PHOTOS_MAX}
                  loading={reading}
                  data-testid="task-add-photo"
                >
                  Add photos
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {photos.length} of {TASK_PHOTOS_MAX}
            </Text>
          </Group>
          {errors.length > 0 && (
            <Alert color="red" variant="light">
              {errors.join(' ')}
            </Alert>
          )}
          {photos.length > 0 && (
            <SimpleGrid cols={3} spacing="xs">
              {photos.map((src, i) => (
                <Stack key={src.slice(-40) + String(i)} gap={2}>
                  <Image src={src} alt={`Photo ${i + 1}`} radius="sm" h={72} fit="cover" />
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setPhotos((prev) => prev.filter((_, j) => j !== i))}
                    aria-label={`Remove photo ${i + 1}`}
                  >
                    Remove
                  </Button>
                </Stack>
              ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Mark done
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
