import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZAccountDelete, type TAccountDelete } from '#shared/schemas/account.ts';
import { FormError, FormPasswordInput, useFormError } from '../../components/form-fields.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDeleteAccount } from './api.ts';

/** Closing the account, confirmed with the password in a dialog. */
export function DeleteAccount() {
  const { signedIn } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [opened, setOpened] = useState(false);
  const { error, attempt } = useFormError('Could not delete your account');
  const form = useForm<TAccountDelete>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: zod4Resolver(ZAccountDelete),
  });
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await remove.mutateAsync(values);
      setOpened(false);
      signedIn(null);
      notifications.show({ title: 'Account deleted', message: 'Your account is closed. Goodbye!' });
      void navigate({ to: '/' });
    });
  });
  return (
    <>
      <Text size="sm">
        Your account is closed at once and you are signed out everywhere. Your personal data is removed within
        30 days; your bookings stay in the operator&apos;s records without your details.
      </Text>
      <Group>
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          Delete account
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Delete your account?" centered>
        <form onSubmit={submit} noValidate aria-label="Delete account">
          <Stack gap="sm">
            <Text size="sm">This cannot be undone. Enter your password to confirm.</Text>
            <FormPasswordInput
              bind={form}
              path="password"
              label="Password"
              autoComplete="current-password"
              data-autofocus
            />
            <FormError error={error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
