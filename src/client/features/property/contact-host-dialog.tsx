import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { MESSAGE_MAX, ZInquiryForm } from '#shared/schemas/messaging.ts';
import { DialogForm } from '../../components/dialog-form.tsx';
import type { TChosenStay } from '../../lib/chosen-stay.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useAskHost } from './api/contact-host.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

interface TValues {
  name: string;
  email: string;
  message: string;
  checkIn: string;
  checkOut: string;
  guests: number | string;
}

const EMPTY: TValues = { name: '', email: '', message: '', checkIn: '', checkOut: '', guests: '' };

/** The form the server validates with too (ZInquiryForm); empty optional fields are left out. */
function payload(v: TValues) {
  return {
    name: v.name,
    email: v.email,
    message: v.message,
    ...(v.checkIn ? { checkIn: v.checkIn } : {}),
    ...(v.checkOut ? { checkOut: v.checkOut } : {}),
    ...(v.guests === '' ? {} : { guests: Number(v.guests) }),
  };
}

export default function ContactHostDialog({
  opened,
  onClose,
  propertyId,
  title,
  stay = null,
}: {
  opened: boolean;
  onClose: () => void;
  propertyId: number;
  title: string;
  /** The booking card's stay when the dialog opened: the question's dates and guests start from it. */
  stay?: TChosenStay | null;
}) {
  const ask = useAskHost();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => {
      const parsed = ZInquiryForm.safeParse(payload(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'message');
        errors[key] ??= issue.message;
      }
      return errors;
    },
  });

  const { setFieldValue } = form;
  useEffect(() => {
    if (!opened || !stay) return;
    setFieldValue('checkIn', stay.checkIn ?? '');
    setFieldValue('checkOut', stay.checkOut ?? '');
    setFieldValue('guests', stay.guests);
  }, [opened, stay, setFieldValue]);

  const close = () => {
    onClose();
    if (sent) {
      setSent(null);
      form.reset();
    }
  };

  const submit = async (values: TValues) => {
    setError(null);
    try {
      const res = await ask.mutateAsync({ id: propertyId, ...payload(values) });
      setSent(res.message);
    } catch (err) {
      setError(errorMessage(err, 'Your question could not be sent. Please try again.'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Contact the host of ${title}`}
      size="lg"
      data-testid="contact-host-dialog"
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" title="Question sent">
            {sent}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm onSubmit={form.onSubmit((v) => void submit(v))} aria-label="Ask the host a question">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The host answers by e-mail with a private link to your conversation.
            </Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
            <TextInput
              label="E-mail"
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <GrowingTextarea
              label="Message"
              required
              minRows={4}
              maxRows={10}
              maxLength={MESSAGE_MAX}
              {...form.getInputProps('message')}
            />
            <Group grow align="flex-start" wrap="wrap" gap="sm">
              <TextInput
                label="Check-in (optional)"
                type="date"
                miw={140}
                {...form.getInputProps('checkIn')}
              />
              <TextInput
                label="Check-out (optional)"
                type="date"
                miw={140}
                {...form.getInputProps('checkOut')}
              />
              <NumberInput
                label="Guests (optional)"
                min={1}
                max={50}
                miw={120}
                {...form.getInputProps('guests')}
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={ask.isPending}>
                Send question
              </Button>
            </Group>
          </Stack>
        </DialogForm>
      )}
    </Modal>
  );
}
