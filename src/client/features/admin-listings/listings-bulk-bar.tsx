import { Button, Group, Text } from '@mantine/core';
import { IconArchive, IconRestore } from '@tabler/icons-react';

/** Shown while listings are selected: archive them (active view) or restore them (archived view), or clear. */
export function ListingsBulkBar({
  count,
  archived,
  busy,
  onArchive,
  onRestore,
  onClear,
}: {
  count: number;
  archived: boolean;
  busy: boolean;
  onArchive: () => void;
  onRestore: () => void;
  onClear: () => void;
}) {
  return (
    <Group gap="sm" data-testid="listings-bulk-bar">
      <Text size="sm" fw={500} aria-live="polite">
        {count} selected
      </Text>
      {archived ? (
        <Button
          size="xs"
          leftSection={<IconRestore size={14} aria-hidden />}
          loading={busy}
          onClick={onRestore}
        >
          Restore selected
        </Button>
      ) : (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconArchive size={14} aria-hidden />}
          onClick={onArchive}
        >
          Archive selected
        </Button>
      )}
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear selection
      </Button>
    </Group>
  );
}
