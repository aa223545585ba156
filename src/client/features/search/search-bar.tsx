import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { datesLabel, searchPartyLabel, useSearchState } from '../../lib/search-state.ts';
import classes from './search-bar.module.css';
import type { TSearchTab } from './types.ts';

interface TProps {
  onOpen: (tab: TSearchTab) => void;
  /** Called when the pointer first comes near, to fetch the dialog's code ahead of the click. */
  onWarmUp?: () => void;
}

/** The header's search bar: location, dates and guests; each part opens the dialog on its tab. */
export function SearchBar({ onOpen, onWarmUp }: TProps) {
  const { state } = useSearchState();
  const parts: { tab: TSearchTab; label: string; value: string }[] = [
    { tab: 'location', label: 'Where', value: state.location },
    { tab: 'dates', label: 'When', value: datesLabel(state.checkIn, state.checkOut) },
    { tab: 'guests', label: 'Who', value: searchPartyLabel(state) },
  ];
  return (
    <Paper
      withBorder
      radius="xl"
      shadow="xs"
      className={classes.bar}
      data-testid="search-bar"
      onPointerEnter={onWarmUp}
      onFocus={onWarmUp}
      role="search"
    >
      <Group gap={0} wrap="nowrap">
        {parts.map((p, i) => (
          <UnstyledButton
            key={p.tab}
            className={classes.part}
            data-first={i === 0 || undefined}
            onClick={() => onOpen(p.tab)}
            data-testid={`search-bar-${p.tab}`}
          >
            <Text size="xs" c="dimmed" lh={1.2}>
              {p.label}
            </Text>
            <Text size="sm" fw={600} lh={1.3} truncate="end">
              {p.value}
            </Text>
          </UnstyledButton>
        ))}
        <Box pr={6}>
          <UnstyledButton className={classes.go} onClick={() => onOpen('location')} aria-label="Search">
            <IconSearch size={16} stroke={2.5} aria-hidden />
          </UnstyledButton>
        </Box>
      </Group>
    </Paper>
  );
}

/** Small screens: the compact 'Where to?' control. */
export function CompactSearch({ onOpen, onWarmUp }: TProps) {
  const { state } = useSearchState();
  return (
    <UnstyledButton
      className={classes.compact}
      onClick={() => onOpen('location')}
      onPointerEnter={onWarmUp}
      data-testid="compact-search"
    >
      <IconSearch size={18} stroke={2.2} aria-hidden />
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} lh={1.2}>
          Where to?
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {state.location} · {datesLabel(state.checkIn, state.checkOut)} · {searchPartyLabel(state)}
        </Text>
      </Box>
    </UnstyledButton>
  );
}
