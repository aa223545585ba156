import { ActionIcon, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { guestsLabel } from '../../../shared/labels.ts';

/** Guests in the booking card: at least 1, at most the home's maximum (docs/product.md#guest-validation, docs/decisions.md#stay-rules). */
export function GuestCounter({
  guests,
  maxGuests,
  onChange,
}: {
  guests: number;
  maxGuests: number;
  onChange: (guests: number) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text size="sm" fw={500}>
          Guests
        </Text>
        <Text size="xs" c="dimmed">
          Up to {guestsLabel(maxGuests)}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          onClick={() => onChange(Math.max(1, guests - 1))}
          disabled={guests <= 1}
          aria-label="Decrease guests"
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Text
          miw={72}
          ta="center"
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="guests-count"
          aria-live="polite"
        >
          {guestsLabel(guests)}
        </Text>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          onClick={() => onChange(Math.min(maxGuests, guests + 1))}
          disabled={guests >= maxGuests}
          aria-label="Increase guests"
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
