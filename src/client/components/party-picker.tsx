import { ActionIcon, Box, Collapse, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconMinus, IconPlus } from '@tabler/icons-react';
import { startTransition, useId, useOptimistic, useRef, useState, type KeyboardEvent } from 'react';
import { guestsLabel, partyLabel } from '#shared/labels.ts';

/** Who stays: `adults` is what the quote and the booking call `guests` (docs/booking-operations.md#guests). */
export interface TPartyChoice {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/** A booking's party as the picker holds it: a booking's `guests` are its adults and children together. */
export function bookedParty(b: {
  guests: number;
  children?: number | undefined;
  infants?: number | undefined;
  pets?: number | undefined;
}): TPartyChoice {
  const children = b.children ?? 0;
  return { adults: Math.max(1, b.guests - children), children, infants: b.infants ?? 0, pets: b.pets ?? 0 };
}

/** Infants and pets have small caps of their own: neither counts towards the home's capacity. */
export const MAX_INFANTS = 5;
export const MAX_PETS = 5;

/** The picker's rows: who counts towards the home's capacity, and pets only where the home takes them. */
function partyRows(party: TPartyChoice, maxGuests: number, petsAllowed: boolean) {
  const rows: { key: keyof TPartyChoice; label: string; hint: string; min: number; max: number }[] = [
    {
      key: 'adults',
      label: 'Adults',
      hint: 'Ages 13 or above',
      min: 1,
      max: Math.max(1, maxGuests - party.children),
    },
    {
      key: 'children',
      label: 'Children',
      hint: 'Ages 2 to 12',
      min: 0,
      max: Math.max(0, maxGuests - party.adults),
    },
    { key: 'infants', label: 'Infants', hint: 'Under 2, not counted as guests', min: 0, max: MAX_INFANTS },
  ];
  if (petsAllowed)
    rows.push({ key: 'pets', label: 'Pets', hint: 'This home welcomes pets', min: 0, max: MAX_PETS });
  return rows.map((row) => ({ ...row, noun: row.key, value: party[row.key] }));
}

function CountRow({
  label,
  hint,
  value,
  min,
  max,
  noun,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  /** The button names: 'Decrease adults', 'Increase adults'. */
  noun: string;
  onChange: (value: number) => void;
}) {
  const atMin = value <= min;
  const atMax = value >= max;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          onClick={() => {
            if (!atMin) onChange(value - 1);
          }}
          // Disabled for assistive tech and by look, yet focusable: a native `disabled` would drop the
          // keyboard focus to the page the moment a count reaches its limit.
          data-disabled={atMin || undefined}
          aria-disabled={atMin || undefined}
          aria-label={`Decrease ${noun}`}
          // Escape here closes the counters, not a dialog they sit in (Mantine's dialogs skip such targets).
          data-mantine-stop-propagation="true"
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Text miw={24} ta="center" size="sm" data-testid={`party-${noun}`} aria-live="polite">
          <VisuallyHidden>{`${label}: `}</VisuallyHidden>
          {value}
        </Text>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          onClick={() => {
            if (!atMax) onChange(value + 1);
          }}
          data-disabled={atMax || undefined}
          aria-disabled={atMax || undefined}
          aria-label={`Increase ${noun}`}
          data-mantine-stop-propagation="true"
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/**
 * Who stays (docs/booking-operations.md#guests), on the guest's booking card and change request and in the
 * operator's booking dialogs: adults, children, infants and, where the home allows them, pets. A
 * disclosure: the button names the party and opens the counters below it, in the surrounding tab order
 * (Escape closes them and keeps focus on the button, also inside a dialog). Adults and children share the
 * home's capacity; infants and pets do not count towards it.
 */
export function PartyPicker({
  party: chosen,
  maxGuests,
  petsAllowed,
  onChange,
}: {
  party: TPartyChoice;
  maxGuests: number;
  petsAllowed: boolean;
  onChange: (party: TPartyChoice) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // The counters show a tap at once; what depends on the party (the booking card's quote and price, a
  // form) re-renders in a transition after that paint: on a slow phone the card took the tap's frame.
  const [party, show] = useOptimistic(chosen);
  const counted = party.adults + party.children;
  const set = (change: Partial<TPartyChoice>) => {
    const next = { ...party, ...change };
    startTransition(() => {
      show(next);
      onChange(next);
    });
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <Box onKeyDown={closeOnEscape} data-testid="party-picker">
      <UnstyledButton
        ref={toggle}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        data-mantine-stop-propagation={open ? 'true' : undefined}
        w="100%"
        p="xs"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
      >
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={500}>
              Guests
            </Text>
            <Text size="sm" data-testid="guests-count">
              {partyLabel({ guests: counted, infants: party.infants, pets: party.pets })}
            </Text>
          </div>
          <IconChevronDown
            size={18}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, flexShrink: 0 }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="sm" pt="sm" id={panelId} role="group" aria-label="Who is coming">
          {partyRows(party, maxGuests, petsAllowed).map(({ key, ...row }) => (
            <CountRow key={key} {...row} onChange={(n) => set({ [key]: n })} />
          ))}
          <Text size="xs" c="dimmed">
            Up to {guestsLabel(maxGuests)}, not counting infants.
          </Text>
        </Stack>
      </Collapse>
    </Box>
  );
}
