import { Badge, Button, Group } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconList, IconMap } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SEARCH_SORT_LABELS, SEARCH_SORTS, type TSearchSort } from '#shared/search.ts';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import { activeFilterCount, withFilters, type THomeSearch } from '../../lib/search-state.ts';
import classes from './results.module.css';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

// Leaflet-free but control-heavy: the dialog's code (and its styles) loads on the first click.
const FiltersDrawer = lazyRetry(() => import('./filters-drawer.tsx'));

interface TProps {
  search: THomeSearch;
  onChange: (next: THomeSearch) => void;
}

/** Above the results: the Filters button (with its count), the sort and the switch between list and map. */
export function ResultsToolbar({ search, onChange }: TProps) {
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open on first use, so Mantine has no element to return focus to: do it here.
  const close = () => {
    setOpened(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  const count = activeFilterCount(search);
  const mapView = search.view === 'map';
  const { minPrice, maxPrice, types, bedrooms, amenities } = search;
  return (
    <Group justify="space-between" gap="sm" data-testid="results-toolbar">
      {/* Filters and the sort stay side by side: on phones the sort's words hide, not the row. */}
      <Group gap="sm" wrap="nowrap">
        <Button
          ref={button}
          variant="default"
          radius="xl"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle data-testid="filter-count">
                {count}
                <span className={classes.srOnly}> active</span>
              </Badge>
            ) : null
          }
          onClick={() => setOpened(true)}
        >
          Filters
        </Button>
        <label className={classes.sort}>
          <span>Sort by</span>
          <select
            value={search.sort ?? 'recommended'}
            onChange={(e) => {
              const sort = e.currentTarget.value as TSearchSort;
              const { sort: _old, ...rest } = search;
              onChange(sort === 'recommended' ? rest : { ...rest, sort });
            }}
          >
            {SEARCH_SORTS.map((s) => (
              <option key={s} value={s}>
                {SEARCH_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </Group>
      {/* One button rather than a segmented control: its code would join the home's first load. */}
      <Button
        variant="default"
        radius="xl"
        leftSection={mapView ? <IconList size={18} aria-hidden /> : <IconMap size={18} aria-hidden />}
        onClick={() => {
          const { view: _old, ...rest } = search;
          onChange(mapView ? rest : { ...rest, view: 'map' });
        }}
      >
        {mapView ? 'Show list' : 'Show map'}
      </Button>
      <MountOnFirstOpen opened={opened}>
        <FiltersDrawer
          opened={opened}
          filters={{ minPrice, maxPrice, types, bedrooms, amenities }}
          onApply={(filters) => {
            close();
            onChange(withFilters(search, filters));
          }}
          onClose={close}
        />
      </MountOnFirstOpen>
    </Group>
  );
}
