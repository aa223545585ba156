import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLogin } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import {
  ZAccountDelete,
  ZPasswordChange,
  ZProfileUpdate,
  type TAccountDelete,
  type TPasswordChange,
  type TProfileUpdate,
} from '../../../shared/schemas/account.ts';
import type { TUser } from '../../../shared/schemas/auth.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import '../../styles/more-components.css';

function ProfileForm({ user }: { user: TUser }) {
  const { signedIn } = useAuth();
  const update = useMutation(trpc.auth.updateMe.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TProfileUpdate>({
    initialValues: { name: user.name ?? '', email: user.email },
    validate: zod4Resolver(ZProfileUpdate),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      signedIn(await update.mutateAsync(values));
      notifications.show({
        title: 'Profile saved',
        message: 'Your name and e-mail are updated.',
        color: 'green',
      });
    } catch (err) {
      setError(errorMessage(err, 'Could not save your profile'));
    }
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

function PasswordForm() {
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TPasswordChange>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zod4Resolver(ZPasswordChange),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      notifications.show({
        title: 'Password changed',
        message: 'Every other session of your account has been signed out.',
        color: 'green',
      });
    } catch (err) {
      setError(errorMessage(err, 'Could not change your password'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAccount() {
  const { signedIn } = useAuth();
  const navigate = useNavigate();
  const remove = useMutation(trpc.auth.deleteMe.mutationOptions());
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TAccountDelete>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: zod4Resolver(ZAccountDelete),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await remove.mutateAsync(values);
      setOpened(false);
      signedIn(null);
      notifications.show({ title: 'Account deleted', message: 'Your account is closed. Goodbye!' });
      void navigate({ to: '/' });
    } catch (err) {
      setError(errorMessage(err, 'Could not delete your account'));
    }
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
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              data-autofocus
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
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

/** `/account`: the user menu's 'Account settings'. */
export function AccountPage() {
  const { user, isLoading, openAuthDialog } = useAuth();
  return (
    <Container size="sm" py="lg">
      <Title order={1} fz={28} mb="lg">
        Account settings
      </Title>
      {isLoading && !user ? (
        <Skeleton h={300} radius="md" />
      ) : !user ? (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Text fw={600}>Sign in to manage your account</Text>
          <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={() => openAuthDialog('login')}>
            Log in
          </Button>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Card withBorder radius="md">
            <Title order={2} fz="lg" mb="sm">
              Profile
            </Title>
            <ProfileForm key={`${user.id}:${user.email}`} user={user} />
          </Card>
          <Card withBorder radius="md">
            <Title order={2} fz="lg" mb="sm">
              Password
            </Title>
            <PasswordForm />
          </Card>
          <Card withBorder radius="md">
            <Title order={2} fz="lg" mb="sm">
              Delete account
            </Title>
            <Stack gap="sm">
              {user.isAdmin ? (
                <Text size="sm" c="dimmed">
                  Admin accounts cannot be deleted here.
                </Text>
              ) : (
                <DeleteAccount />
              )}
            </Stack>
          </Card>
        </Stack>
      )}
    </Container>
  );
}
