import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZProfileUpdate, type TProfileUpdate } from '#shared/schemas/account.ts';
import type { TUser } from '#shared/schemas/auth.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useFormError } from '../../components/form-fields.tsx';
import { useUpdateProfile } from './api.ts';

/** Name and e-mail; the username is shown but cannot change. */
export function ProfileForm({ user }: { user: TUser }) {
  const { signedIn } = useAuth();
  const update = useUpdateProfile();
  const { error, attempt } = useFormError('Could not save your profile');
  const form = useForm<TProfileUpdate>({
    initialValues: { name: user.name ?? '', email: user.email, currentPassword: '' },
    validate: zod4Resolver(ZProfileUpdate),
  });
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      const emailChanges = values.email.trim().toLowerCase() !== user.email.toLowerCase();
      signedIn(
        await update.mutateAsync({
          name: values.name,
          email: values.email,
          ...(emailChanges ? { currentPassword: values.currentPassword } : {}),
        }),
      );
      form.setFieldValue('currentPassword', '');
      notifications.show({
        title: 'Profile saved',
        message: 'Your name and e-mail are updated.',
        color: 'green',
      });
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="sm">
        <TextInput
          label="Username"
          value={user.username}
          readOnly
          description="Your username cannot change"
        />
        <TextInput label="Full name" autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        {form.values.email.trim().toLowerCase() !== user.email.toLowerCase() && (
          <PasswordInput
            label="Current password"
            description="Needed to change your e-mail"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
