import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAddFeed } from './api.ts';

/** A channel's name and iCal URL; the fields clear once the feed is added. */
export function AddFeedForm({ propertyId }: { propertyId: number }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const add = useAddFeed(() => {
    setName('');
    setUrl('');
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ id: propertyId, name, url });
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Channel name"
          placeholder="Airbnb"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={60}
          w={180}
        />
        <TextInput
          label="iCal URL"
          placeholder="https://…/calendar.ics"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
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
