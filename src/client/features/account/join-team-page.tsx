import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { ZPassword, ZUsername } from '#shared/schemas/auth.ts';
import { STAFF_ROLE_LABELS } from '#shared/schemas/staff-role.ts';
import { zLine } from '#shared/schemas/common.ts';
import { FormPasswordInput, FormTextInput, useFormError } from '../../components/form-fields.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { landingPage, staffRole } from '../../lib/staff-pages.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { invitationQuery, useAcceptInvitation } from './api.ts';
import '../../styles/more-components.css';

const ZJoinForm = z.object({
  username: ZUsername,
  name: zLine('Name').trim().max(100, { error: 'Name must be at most 100 characters' }),
  password: ZPassword,
});

/**
 * `/team/join/{token}`: the link from a team invitation (docs/staff.md#invitations). Without an account
 * for the invited e-mail it makes one; with one, its owner accepts while signed in.
 */
export function JoinTeamPage({ token }: { token: string }) {
  const { user, signedIn, openAuthDialog } = useAuth();
  const navigate = useNavigate();
  const info = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation();
  const { error, attempt } = useFormError('Something went wrong. Please try again.');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', name: '', password: '' },
    validate: zod4Resolver(ZJoinForm),
  });

  const joined = (next: Awaited<ReturnType<typeof accept.mutateAsync>>) => {
    signedIn(next);
    notifications.show({ title: 'Welcome to the team', message: `You are signed in, ${next.username}.` });
    void navigate({ to: landingPage(staffRole(next)) });
  };
  const run = async (input: { username?: string; name?: string; password?: string }) => {
    await attempt(async () => {
      joined(await accept.mutateAsync({ token, ...input }));
    });
  };

  let body;
  if (info.isPending) body = <Loader role="status" aria-label="Loading the invitation" />;
  else if (info.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(info.error, 'This invitation link is invalid, used or expired.')}
      </Alert>
    );
  else {
    const invite = info.data;
    const signedInAsInvitee = user?.email.toLowerCase() === invite.email.toLowerCase();
    body = (
      <Stack gap="md">
        <Text>
          You are invited as <strong>{STAFF_ROLE_LABELS[invite.role]}</strong> with the e-mail {invite.email}.
        </Text>
        {invite.accountExists ? (
          signedInAsInvitee ? (
            <Button onClick={() => void run({})} loading={accept.isPending}>
              Accept the invitation
            </Button>
          ) : (
            <>
              <Text>Sign in with the account of {invite.email}, then accept here.</Text>
              <Button onClick={() => openAuthDialog('login')}>Sign in</Button>
            </>
          )
        ) : (
          <form onSubmit={form.onSubmit((v) => void run(v))} noValidate aria-label="Create your team account">
            <Stack gap="sm">
              <FormTextInput
                bind={form}
                path="username"
                label="Username"
                autoComplete="username"
                data-autofocus
              />
              <FormTextInput bind={form} path="name" label="Name" autoComplete="name" />
              <FormPasswordInput bind={form} path="password" label="Password" autoComplete="new-password" />
              <Button type="submit" loading={accept.isPending}>
                Join the team
              </Button>
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="join-error">
            {error}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Container size="xs" py="xl">
      <Title order={1} fz={28} mb="lg">
        Join the team
      </Title>
      {body}
    </Container>
  );
}
