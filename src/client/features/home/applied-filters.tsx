import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { filterChips, type THomeSearch, type TFilterKey } from '../../lib/search-state.ts';

interface TProps {
  search: THomeSearch;
  onClear: (key: TFilterKey) => void;
  onReset: () => void;
}

/** A chip per active filter (location, dates, guests), each clearing its part, and Reset (docs/product.md#guest-interactions). */
export function AppliedFilters({ search, onClear, onReset }: TProps) {
  const chips = filterChips(search);
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" py="xs" data-testid="applied-filters" aria-label="Applied filters" role="group">
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          size="xl"
          radius="xl"
          variant="default"
          tt="none"
          fw={500}
          pr={4}
          rightSection={
            <CloseButton
              size="sm"
              radius="xl"
              aria-label={`Clear ${chip.key}: ${chip.label}`}
              onClick={() => onClear(chip.key)}
            />
          }
        >
          <span data-testid={`filter-chip-${chip.key}`}>{chip.label}</span>
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onReset}>
        Reset
      </Button>
    </Group>
  );
}
