import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TEmailChangeUndone } from '#shared/schemas/account.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { useUndoEmailChange } from './api.ts';

/**
 * `/undo-email-change/{token}`: the link sent to the old address when an account's e-mail changed. Nothing
 * happens until the owner presses the button, so a mail scanner that opens links changes nothing.
 */
export function UndoEmailChangePage({ token }: { token: string }) {
  const undo = useUndoEmailChange();
  const { signedIn } = useAuth();
  const [done, setDone] = useState<TEmailChangeUndone | null>(null);
  const [error, setError] = useState<string | null>(null);
  const restore = async () => {
    setError(null);
    try {
      const result = await undo.mutateAsync({ token });
      // Every session of the account ended, this browser's too if it was signed in to it.
      signedIn(null);
      setDone(result);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  };
  return (
    <Container size="xs" py="xl">
      <Title order={1} fz={28} mb="lg">
        Undo the e-mail change
      </Title>
      {done ? (
        <Stack gap="sm" role="status">
          <Text>
            Your account's e-mail address is {done.email} again, and every session has been signed out. Choose
            a new password now, so that whoever changed it cannot sign in.
          </Text>
          <Button component="a" href={done.resetPath}>
            Choose a new password
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>
            If you did not change your account's e-mail address, restore the old one here. Every session will
            be signed out, and you can then choose a new password.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{error}</Text>
              <AnchorLink to="/contact" size="sm">
                Contact us
              </AnchorLink>
            </Alert>
          )}
          <Button onClick={() => void restore()} loading={undo.isPending}>
            Restore my e-mail address
          </Button>
        </Stack>
      )}
    </Container>
  );
}
