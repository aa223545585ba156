import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZPasswordChange, type TPasswordChange } from '#shared/schemas/account.ts';
import { FormError, FormPasswordInput, useFormError } from '../../components/form-fields.tsx';
import { useChangePassword } from './api.ts';

/** A new password, given the current one; the server signs out the account's other sessions. */
export function PasswordForm() {
  const change = useChangePassword();
  const { error, attempt } = useFormError('Could not change your password');
  const form = useForm<TPasswordChange>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zod4Resolver(ZPasswordChange),
  });
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await change.mutateAsync(values);
      form.reset();
      notifications.show({
        title: 'Password changed',
        message: 'Every other session of your account has been signed out.',
        color: 'green',
      });
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <FormPasswordInput
          bind={form}
          path="currentPassword"
          label="Current password"
          autoComplete="current-password"
        />
        <FormPasswordInput bind={form} path="newPassword" label="New password" autoComplete="new-password" />
        <FormError error={error} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
