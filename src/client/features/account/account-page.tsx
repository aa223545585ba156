import { Button, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import '../../styles/more-components.css';

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
