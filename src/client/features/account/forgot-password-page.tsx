import { Alert, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZResetRequest, type TResetRequest } from '../../../shared/schemas/account.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useRequestPasswordReset } from './api.ts';
import '../../styles/more-components.css';

/** 'Forgot password?': the same answer whether or not the address has an account (DECISIONS 18). */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TResetRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(ZResetRequest),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      setAnswer((await request.mutateAsync(values)).message);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  });
  return (
    <Container size="xs" py="xl">
      <Title order={1} fz={28} mb="xs">
        Forgot your password?
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Enter the e-mail address of your account and we will send you a link to choose a new password. The
        link works once, for one hour.
      </Text>
      {answer ? (
        <Alert
          color="green"
          variant="light"
          title="Check your inbox"
          role="status"
          data-testid="reset-requested"
        >
          {answer}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reset password">
          <Stack gap="sm">
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
            <Button type="submit" loading={request.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </Container>
  );
}
