import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { TAdminBookingDetail } from '../../../shared/schemas/admin.ts';
import { useAddBookingNote } from './api.ts';
import { Section, when } from './drawer-parts.tsx';

function NoteForm({ bookingId }: { bookingId: number }) {
  const [body, setBody] = useState('');
  const add = useAddBookingNote();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        add.mutate({ id: bookingId, body }, { onSuccess: () => setBody('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Add an internal note"
          description="Only admins see notes."
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending} disabled={!body.trim()}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Internal notes on a booking, newest last, with the form to add one. */
export function BookingNotes({
  bookingId,
  notes,
}: {
  bookingId: number;
  notes: TAdminBookingDetail['notes'];
}) {
  return (
    <Section title="Internal notes">
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet
        </Text>
      ) : (
        <Stack gap="xs" data-testid="drawer-notes">
          {notes.map((n) => (
            <div key={n.id}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {n.body}
              </Text>
              <Text size="xs" c="dimmed">
                {n.authorName} · {when(n.createdAt)}
              </Text>
            </div>
          ))}
        </Stack>
      )}
      <NoteForm bookingId={bookingId} />
    </Section>
  );
}
