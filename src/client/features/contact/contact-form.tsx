import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CONTACT_FAILED, CONTACT_SENT } from '#shared/messages.ts';
import { ZContactMessage, type TContactMessage } from '#shared/schemas/contact.ts';
import { EmailField, FormTextInput } from '../../components/form-fields.tsx';
import { errorStatus } from '../../lib/trpc.ts';
import { useSendContactMessage } from './api.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

const EMPTY: TContactMessage = { name: '', email: '', subject: '', message: '' };

/** The spec's send feels like 1 s (docs/product.md#guest-messages): a faster answer still waits out the second. */
const MIN_SEND_MS = 1000;

/** Contact Us: validated by the schema the server applies, sent to the support e-mail (docs/features.md#emails). */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<TContactMessage>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zod4Resolver(ZContactMessage),
  });

  const submit = async (values: TContactMessage) => {
    const minimum = new Promise((resolve) => setTimeout(resolve, MIN_SEND_MS));
    try {
      await Promise.all([send.mutateAsync(values), minimum]);
      notifications.show({ color: 'green', message: CONTACT_SENT });
      form.reset();
    } catch (err) {
      await minimum;
      // Too many messages from this address: the server's own words say when to try again.
      const message = errorStatus(err) === 429 && err instanceof Error ? err.message : CONTACT_FAILED;
      notifications.show({ color: 'red', message });
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} data-testid="contact-form">
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <FormTextInput bind={form} path="name" label="Name" name="name" required autoComplete="name" />
          <EmailField bind={form} name="email" required />
        </Group>
        <FormTextInput bind={form} path="subject" label="Subject" name="subject" required />
        <GrowingTextarea
          label="Message"
          name="message"
          required
          minRows={5}
          {...form.getInputProps('message')}
          key={form.key('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting || send.isPending} radius="md" size="md">
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
