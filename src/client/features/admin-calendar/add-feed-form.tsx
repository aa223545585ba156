import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZFeedInput } from '#shared/schemas/calendar.ts';
import { useAddFeed } from './api.ts';

const ZFeedForm = ZFeedInput.omit({ id: true });

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
