import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZBookingNoteInput, type TAdminBookingDetail } from '#shared/schemas/admin.ts';
import { useAddBookingNote } from './api.ts';
import { Section, when } from './drawer-parts.tsx';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

const ZNoteForm = ZBookingNoteInput.pick({ body: true });

/** A new internal note, checked by the same schema as `bookings.addNote`. */
function NoteForm({ bookingId }: { bookingId: number }) {
  const add = useAddBookingNote();
  const form = useForm<{ body: string }>({
    initialValues: { body: '' },
    validate: zod4Resolver(ZNoteForm),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ body }) =>
        add.mutate({ id: bookingId, body }, { onSuccess: () => form.reset() }),
      )}
    >
      <Stack gap="xs">
        <GrowingTextarea
          label="Add an internal note"
          description="Only admins see notes."
          {...form.getInputProps('body')}
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending} disabled={!form.values.body.trim()}>
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
