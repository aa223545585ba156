import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { TAdminBooking } from '#shared/schemas/admin.ts';

/** Shown while rows are selected: confirm or cancel them together (each asks first), or clear. */
export function BulkBar({
  chosen,
  onAsk,
  onClear,
}: {
  chosen: TAdminBooking[];
  onAsk: (status: 'confirmed' | 'cancelled') => void;
  onClear: () => void;
}) {
  return (
    <Group gap="sm" data-testid="bulk-bar">
      <Text size="sm" fw={500}>
        {chosen.length} selected
      </Text>
      <Button
        size="xs"
        leftSection={<IconCheck size={14} aria-hidden />}
        onClick={() => onAsk('confirmed')}
        disabled={chosen.every((b) => b.status === 'confirmed')}
      >
        Confirm selected
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={() => onAsk('cancelled')}
        disabled={chosen.every((b) => b.status === 'cancelled')}
      >
        Cancel selected
      </Button>
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear selection
      </Button>
    </Group>
  );
}
