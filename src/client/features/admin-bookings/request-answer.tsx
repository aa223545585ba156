import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import type { TAdminBookingDetail } from '#shared/schemas/admin.ts';
import { ZDeclineRequestForm, type TDeclineRequestForm } from '#shared/schemas/booking.ts';
import { answerByLabel } from '#shared/stay-status.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import { useAnswerRequest } from './api.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/**
 * A request to book awaiting the operator (docs/booking-operations.md#booking-modes): its deadline, and
 * Accept or Decline. Nothing shows for any other booking.
 */
export function RequestAnswer({ booking }: { booking: TAdminBookingDetail }) {
  const { accept, decline } = useAnswerRequest();
  const [declining, setDeclining] = useState(false);
  if (booking.status !== 'requested') return null;
  const busy = accept.isPending || decline.isPending;
  return (
    // A bordered panel in the text colour: Mantine's light orange alert keeps under 4.5:1 for its title.
    <Paper withBorder p="sm" radius="md" data-testid="request-answer">
      <Text size="sm" fw={700}>
        Request to book
      </Text>
      <Text size="sm">
        {booking.respondBy
          ? `Answer by ${answerByLabel(booking.respondBy)}, or the request is declined by itself.`
          : 'This request awaits your answer.'}
      </Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          color="#1e6b2e"
          loading={accept.isPending}
          disabled={busy}
          onClick={() => accept.mutate({ id: booking.id })}
        >
          Accept request
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          loading={decline.isPending}
          disabled={busy}
          onClick={() => setDeclining(true)}
        >
          Decline request
        </Button>
      </Group>
      <DeclineDialog
        opened={declining}
        busy={decline.isPending}
        onClose={() => setDeclining(false)}
        onDecline={(reason) =>
          decline.mutate({ id: booking.id, reason }, { onSuccess: () => setDeclining(false) })
        }
      />
    </Paper>
  );
}

/** The confirm step of a decline: the reason is required and goes to the guest in the e-mail. */
function DeclineDialog({
  opened,
  busy,
  onClose,
  onDecline,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const form = useForm<TDeclineRequestForm>({
    initialValues: { reason: '' },
    validate: zod4Resolver(ZDeclineRequestForm),
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => form.reset()}
      title="Decline this request?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <DialogForm
        aria-label="Decline the request"
        onSubmit={() => {
          const checked = form.validate();
          if (!checked.hasErrors) onDecline(form.values.reason.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">The dates become free again and the guest is e-mailed your reason.</Text>
          <GrowingTextarea
            label="Reason for the guest"
            withAsterisk
            data-autofocus
            minRows={3}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep the request
            </Button>
            <Button type="submit" color="red.9" loading={busy}>
              Decline request
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
