import { Alert, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZLookupInput, type TLookupInput } from '../../../shared/schemas/manage.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import '../../styles/more-components.css';

/** 'Find my booking' (DECISIONS 18): a lost manage link is sent again to the booking's e-mail address. */
export function FindBookingPage() {
  const lookup = useMutation(trpc.bookings.lookup.mutationOptions());
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TLookupInput>({
    mode: 'uncontrolled',
    initialValues: { confirmationNumber: '', email: '' },
    validate: zod4Resolver(ZLookupInput),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      setAnswer((await lookup.mutateAsync(values)).message);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  });
  return (
    <Container size="xs" py="xl">
      <Title order={1} fz={28} mb="xs">
        Find my booking
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Enter the BIC number from your confirmation and the e-mail address you booked with. We will e-mail you
        a link to manage the booking.
      </Text>
      {answer ? (
        <Alert
          color="green"
          variant="light"
          title="Check your inbox"
          role="status"
          data-testid="lookup-answer"
        >
          {answer}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Find my booking">
          <Stack gap="sm">
            <TextInput
              label="BIC number"
              placeholder="BIC123456"
              autoComplete="off"
              key={form.key('confirmationNumber')}
              {...form.getInputProps('confirmationNumber')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={lookup.isPending}>
              Send me the link
            </Button>
          </Stack>
        </form>
      )}
    </Container>
  );
}
