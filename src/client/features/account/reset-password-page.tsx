import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { ZPassword } from '#shared/schemas/auth.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { FormPasswordInput, useFormError } from '../../components/form-fields.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useConfirmPasswordReset } from './api.ts';
import '../../styles/more-components.css';

const ZNewPassword = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { error: 'Passwords do not match', path: ['confirm'] });

/** `/reset-password/{token}`: the link from the reset e-mail sets a new password and signs in. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { signedIn } = useAuth();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const { error, attempt } = useFormError('Something went wrong. Please try again.');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: zod4Resolver(ZNewPassword),
  });
  const submit = form.onSubmit(async ({ password }) => {
    await attempt(async () => {
      const user = await confirm.mutateAsync({ token, password });
      signedIn(user);
      notifications.show({
        title: 'Password changed',
        message: `You are signed in, ${user.username}. Every other session has been signed out.`,
        color: 'green',
      });
      void navigate({ to: '/' });
    });
  });
  return (
    <Container size="xs" py="xl">
      <Title order={1} fz={28} mb="lg">
        Choose a new password
      </Title>
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="sm">
          <FormPasswordInput bind={form} path="password" label="New password" autoComplete="new-password" />
          <FormPasswordInput
            bind={form}
            path="confirm"
            label="Repeat the new password"
            autoComplete="new-password"
          />
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="reset-error">
              <Text size="sm">{error}</Text>
              <AnchorLink to="/forgot-password" size="sm">
                Ask for a new link
              </AnchorLink>
            </Alert>
          )}
          <Button type="submit" loading={confirm.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
