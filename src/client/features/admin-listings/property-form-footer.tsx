import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TSendProgress } from './send-property.ts';

/** The upload's progress while saving, and the sticky Save and Cancel row. */
export function PropertyFormFooter({
  editing,
  saving,
  busy,
  progress,
  onCancel,
}: {
  editing: boolean;
  saving: boolean;
  /** Saving, or images or videos still being read: submit waits. */
  busy: boolean;
  progress: TSendProgress | null;
  onCancel: () => void;
}) {
  const sentPercent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <>
      {saving && (
        <Stack gap={4} data-testid="upload-progress">
          <Group justify="space-between">
            <Text size="sm">{sentPercent < 100 ? 'Uploading…' : 'Processing media…'}</Text>
            <Text size="sm" c="dimmed">
              {sentPercent}%
            </Text>
          </Group>
          <Progress value={sentPercent} animated={sentPercent >= 100} aria-label="Upload progress" />
        </Stack>
      )}
      {/* Sticky: the long form's Save and Cancel stay in reach while scrolling. */}
      <Group
        justify="flex-end"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
        data-testid="property-form-footer"
      >
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={busy}>
          {editing ? 'Update Property' : 'Create Property'}
        </Button>
      </Group>
    </>
  );
}
