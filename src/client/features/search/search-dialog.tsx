import { Button, Group, Modal, Stack, Tabs, Title, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { DEFAULT_LOCATION, LOCATIONS, type TGeoPoint } from '#shared/constants.ts';
import { useSearchState } from '../../lib/search-state.ts';
import { WhenPanel, WherePanel, WhoPanel, type TDraft } from './search-panels.tsx';
import type { TSearchTab } from './types.ts';
import '../../styles/more-components.css';

function cityNamed(name: string): TGeoPoint | null {
  const key = name.trim().toLowerCase();
  return LOCATIONS.find((l) => l.name.toLowerCase() === key) ?? null;
}

interface TProps {
  opened: boolean;
  tab: TSearchTab;
  onTabChange: (tab: TSearchTab) => void;
  onClose: () => void;
}

/** The 'Search' dialog (docs/product.md#guest-pages): Where / When / Who, 'Clear all' and 'Search'. */
export default function SearchDialog({ opened, tab, onTabChange, onClose }: TProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} fz="h4">
          Search
        </Title>
      }
      size="lg"
      radius="lg"
      padding="lg"
      data-testid="search-dialog"
    >
      {/* Mounted per opening, so the draft starts from the current search each time. */}
      {opened && <SearchForm tab={tab} onTabChange={onTabChange} onClose={onClose} />}
    </Modal>
  );
}

function SearchForm({ tab, onTabChange, onClose }: Omit<TProps, 'opened'>) {
  const { state, apply } = useSearchState();
  const [draft, setDraft] = useState<TDraft>(() => ({
    location: state.location === DEFAULT_LOCATION ? '' : state.location,
    checkIn: state.checkIn,
    checkOut: state.checkOut,
    guests: state.guests,
    children: state.children,
    infants: state.infants,
    pets: state.pets,
  }));
  const update = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (location = draft.location) => {
    void apply({ ...draft, location: location.trim() || DEFAULT_LOCATION });
    onClose();
  };
  const selectedCity = cityNamed(draft.location);

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as TSearchTab)} keepMounted={false}>
        {/* One row down to 320 px: the tabs shrink their padding rather than wrap 'Who' onto a line of its own. */}
        <Tabs.List grow className="search-tabs">
          <Tabs.Tab value="location" leftSection={<IconMapPin size={16} aria-hidden />}>
            Where
          </Tabs.Tab>
          <Tabs.Tab value="dates" leftSection={<IconCalendar size={16} aria-hidden />}>
            When
          </Tabs.Tab>
          <Tabs.Tab value="guests" leftSection={<IconUsers size={16} aria-hidden />}>
            Who
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="location" pt="md">
          <WherePanel draft={draft} update={update} selectedCity={selectedCity} submit={submit} />
        </Tabs.Panel>
        <Tabs.Panel value="dates" pt="md">
          <WhenPanel draft={draft} update={update} onComplete={() => onTabChange('guests')} />
        </Tabs.Panel>
        <Tabs.Panel value="guests" pt="md">
          <WhoPanel draft={draft} update={update} />
        </Tabs.Panel>
      </Tabs>

      <Group
        justify="space-between"
        pt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <UnstyledButton
          fw={600}
          td="underline"
          fz="sm"
          onClick={() =>
            setDraft({
              location: '',
              checkIn: null,
              checkOut: null,
              guests: 1,
              children: 0,
              infants: 0,
              pets: 0,
            })
          }
        >
          Clear all
        </UnstyledButton>
        <Button onClick={() => submit()} radius="md" mt="sm">
          Search
        </Button>
      </Group>
    </Stack>
  );
}
