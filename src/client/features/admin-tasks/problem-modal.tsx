import { Alert, Button, FileButton, Group, Image, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_SEVERITIES,
  PROBLEM_SEVERITY_LABELS,
  ZProblemInput,
  type TProblemInput,
  type TProblemSeverity,
} from '#shared/schemas/housekeeping.ts';
import { processImageFiles } from '../../components/image-processing.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/**
 * Reports a problem found during a turnover (docs/staff.md#problem-reports): what is wrong, how urgent,
 * and one photo if it helps (shrunk in the browser; the server stores it through the media pipeline).
 * Checked with the same schema the server uses.
 */
export function ProblemModal({
  taskId,
  title,
  busy,
  onClose,
  onSubmit,
}: {
  taskId: number;
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: TProblemInput) => void;
}) {
  const [description, setDescription] = useState('');
  const [severity, setSeverity] = useState<TProblemSeverity>('medium');
  const [photo, setPhoto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const addPhoto = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    try {
      const out = await processImageFiles([file], 1, () => undefined);
      setPhoto(out.images[0] ?? null);
      setError(out.errors.length ? out.errors.join(' ') : null);
    } finally {
      setReading(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Problem at ${title}`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = { id: taskId, description, severity, ...(photo ? { photo } : {}) };
          const parsed = ZProblemInput.safeParse(values);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Check the form');
            return;
          }
          setError(null);
          onSubmit(values);
        }}
      >
        <Stack gap="sm">
          <GrowingTextarea
            label="What is wrong?"
            required
            minRows={3}
            maxLength={PROBLEM_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-autofocus
          />
          <Radio.Group label="How urgent is it?" value={severity} onChange={(v) => setSeverity(v)}>
            <Group gap="md" mt={4}>
              {PROBLEM_SEVERITIES.map((s) => (
                <Radio key={s} value={s} label={PROBLEM_SEVERITY_LABELS[s]} />
              ))}
            </Group>
          </Radio.Group>
          <Group gap="xs">
            <FileButton onChange={(file) => void addPhoto(file)} accept="image/*">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconCamera size={16} aria-hidden />}
                  loading={reading}
                >
                  {photo ? 'Replace photo' : 'Add a photo'}
                </Button>
              )}
            </FileButton>
            {photo && (
              <Button variant="subtle" color="red" onClick={() => setPhoto(null)}>
                Remove photo
              </Button>
            )}
          </Group>
          {photo ? (
            <Image src={photo} alt="Photo of the problem" radius="sm" h={96} w={128} fit="cover" />
          ) : (
            <Text size="sm" c="dimmed">
              A photo is optional
            </Text>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Report problem
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
