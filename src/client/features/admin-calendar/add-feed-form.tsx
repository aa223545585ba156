import { Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZExportChannelInput, ZFeedInput } from '#shared/schemas/calendar.ts';
import { useAddExportChannel, useAddFeed } from './api.ts';

const ZFeedForm = ZFeedInput.omit({ id: true });
const ZExportChannelForm = ZExportChannelInput.omit({ id: true });

/** A channel's name and iCal URL, checked by the schema `calendar.addFeed` applies; cleared once added. */
export function AddFeedForm({ propertyId }: { propertyId: number }) {
  const form = useForm<{ name: string; url: string }>({
    initialValues: { name: '', url: '' },
    validate: zod4Resolver(ZFeedForm),
  });
  const add = useAddFeed(() => form.reset());
  return (
    <form noValidate onSubmit={form.onSubmit((values) => add.mutate({ id: propertyId, ...values }))}>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Channel name"
          placeholder="Airbnb"
          {...form.getInputProps('name')}
          required
          maxLength={60}
          w={180}
        />
        <TextInput
          label="iCal URL"
          placeholder="https://…/calendar.ics"
          {...form.getInputProps('url')}
          required
          type="url"
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button type="submit" variant="light" loading={add.isPending}>
          Add feed
        </Button>
      </Group>
    </form>
  );
}

/**
 * A channel that only reads our calendar (docs/features.md#calendar-hub): a name, no URL to import. Its
 * export URL then shows in the table, carrying our stays and every other channel's.
 */
export function AddExportChannelForm({ propertyId }: { propertyId: number }) {
  const form = useForm<{ name: string }>({
    initialValues: { name: '' },
    validate: zod4Resolver(ZExportChannelForm),
  });
  const add = useAddExportChannel(() => form.reset());
  return (
    <form
      noValidate
      aria-label="Add an export-only channel"
      onSubmit={form.onSubmit((values) => add.mutate({ id: propertyId, ...values }))}
    >
      <Text size="sm" c="dimmed" mb={4}>
        A channel with no calendar to import still needs ours: add it by name to get its export URL.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Export-only channel name"
          placeholder="Booking.com"
          {...form.getInputProps('name')}
          required
          maxLength={60}
          w={220}
        />
        <Button type="submit" variant="light" loading={add.isPending}>
          Add export-only channel
        </Button>
      </Group>
    </form>
  );
}
