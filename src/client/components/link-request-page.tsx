import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormError, useFormError } from './form-fields.tsx';

interface TProps<V> {
  title: string;
  intro: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  answerTestId: string;
  /** The page's Mantine form, which validates with the shared schema before `send`. */
  form: {
    onSubmit: (send: (values: V) => Promise<void>) => (event?: FormEvent<HTMLFormElement>) => void;
  };
  /** Asks the server to e-mail the link; it answers with the same words whatever it found. */
  send: (values: V) => Promise<{ message: string }>;
  pending: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A page that asks for a link by e-mail ('Forgot password?', 'Find my booking'): a short form, then the
 * server's answer in place of it. The answer does not say whether anything matched (docs/decisions.md#secret-links).
 */
export function LinkRequestPage<V>(props: TProps<V>) {
  const { form, send } = props;
  const [answer, setAnswer] = useState<string | null>(null);
  const { error, attempt } = useFormError('Something went wrong. Please try again.');
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      setAnswer((await send(values)).message);
    });
  });
  return (
    <Container size="xs" py="xl">
      <Title order={1} fz={28} mb="xs">
        {props.title}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {props.intro}
      </Text>
      {answer ? (
        <Alert
          color="green"
          variant="light"
          title="Check your inbox"
          role="status"
          data-testid={props.answerTestId}
        >
          {answer}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={props.formLabel}>
          <Stack gap="sm">
            {props.children}
            <FormError error={error} />
            <Button type="submit" loading={props.pending}>
              {props.submitLabel}
            </Button>
          </Stack>
        </form>
      )}
    </Container>
  );
}
