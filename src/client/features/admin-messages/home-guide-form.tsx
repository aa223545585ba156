import { Alert, Button, Card, Group, NumberInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { THomeGuide } from '#shared/schemas/messaging.ts';
import { REVEAL_HOURS_MAX } from '#shared/trip.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { homeGuideQuery, homesQuery, useSaveHomeGuide } from './api.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

const blank = (v: string) => (v.trim() === '' ? null : v);

function GuideFields({ id, guide }: { id: number; guide: THomeGuide }) {
  const [g, setG] = useState(guide);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveHomeGuide();
  const text = (key: keyof THomeGuide) => ({
    value: (g[key] as string | null) ?? '',
    onChange: (e: { currentTarget: { value: string } }) =>
      setG((p) => ({ ...p, [key]: blank(e.currentTarget.value) })),
  });
  const submit = async () => {
    setError(null);
    try {
      setG(await save.mutateAsync({ id, ...g }));
      notifications.show({ color: 'green', message: 'Arrival details saved' });
    } catch (err) {
      setError(errorMessage(err, 'The details could not be saved.'));
    }
  };
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group grow wrap="wrap" align="flex-start">
        <TextInput label="Check-in time" type="time" miw={140} {...text('checkInTime')} />
        <TextInput label="Check-out time" type="time" miw={140} {...text('checkOutTime')} />
      </Group>
      <GrowingTextarea label="Check-in instructions" minRows={2} {...text('checkInInstructions')} />
      <GrowingTextarea label="House rules" minRows={2} {...text('houseRules')} />
      <Group grow wrap="wrap" align="flex-start">
        <TextInput label="Door code" miw={140} {...text('doorCode')} />
        <TextInput label="Wi-Fi name" miw={140} {...text('wifiName')} />
        <TextInput label="Wi-Fi password" miw={140} {...text('wifiPassword')} />
      </Group>
      <NumberInput
        label="Share the door code and Wi-Fi from this many days before check-in"
        description="Only in messages to confirmed stays sent from then on; never on the site."
        min={0}
        max={30}
        value={g.privateFromDays}
        onChange={(v) => setG((p) => ({ ...p, privateFromDays: Number(v) || 0 }))}
      />
      <NumberInput
        label="Show the check-in instructions on the trip page from this many hours before check-in"
        description="Before then, the guest's trip page says when they will appear."
        min={0}
        max={REVEAL_HOURS_MAX}
        value={g.revealHoursBefore}
        onChange={(v) => setG((p) => ({ ...p, revealHoursBefore: Number(v) || 0 }))}
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save arrival details
        </Button>
      </Group>
    </Stack>
  );
}

/** A home's arrival details, which automated messages fill in (docs/messaging.md#private-details). */
export function HomeGuideForm() {
  const homes = useQuery(homesQuery());
  const [id, setId] = useState<number | null>(null);
  const guide = useQuery({
    ...homeGuideQuery(id ?? 0),
    enabled: id !== null,
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="home-guide-title">
      <Title order={2} fz={18} mb="sm" id="home-guide-title">
        Arrival details per home
      </Title>
      <Select
        label="Home"
        placeholder="Select a property"
        searchable
        data={(homes.data ?? []).map((p) => ({ value: String(p.id), label: `${p.title} (#${p.id})` }))}
        value={id === null ? null : String(id)}
        onChange={(v) => setId(v ? Number(v) : null)}
        mb="sm"
      />
      {id !== null && guide.data && (
        <GuideFields key={`${id}-${guide.dataUpdatedAt}`} id={id} guide={guide.data} />
      )}
    </Card>
  );
}
