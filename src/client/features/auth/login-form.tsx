import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type MouseEvent } from 'react';
import { ZLoginInput, type TLoginInput } from '#shared/schemas/auth.ts';
import { FormPasswordInput, UsernameField } from '../../components/form-fields.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { isPlainClick } from '../../lib/href-click.ts';
import { router } from '../../router.tsx';

/** Username and password; after signing in, the visitor goes back where the dialog was asked for. */
export function LoginForm() {
  const { login, closeAuthDialog, authDialog } = useAuth();
  const forgot = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    closeAuthDialog();
    // The dialog lives beside the router (main.tsx), so it navigates through the router instance.
    void router.navigate({ to: '/forgot-password' });
  };
  const [pending, setPending] = useState(false);
  const form = useForm<TLoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: zod4Resolver(ZLoginInput),
  });
  const submit = form.onSubmit(async (values) => {
    setPending(true);
    try {
      await login(values);
      form.reset();
      if (authDialog.returnTo) void router.navigate({ href: authDialog.returnTo });
    } catch {
      // The toast already told the visitor; the form stays as typed so they can correct it.
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Login form">
      <Stack gap="sm">
        <UsernameField bind={form} />
        <FormPasswordInput bind={form} path="password" label="Password" autoComplete="current-password" />
        <Anchor
          component="a"
          href="/forgot-password"
          size="sm"
          onClick={forgot}
          data-testid="forgot-password"
        >
          Forgot password?
        </Anchor>
        <Button type="submit" fullWidth disabled={pending}>
          {pending ? 'Logging in...' : 'Continue'}
        </Button>
      </Stack>
    </form>
  );
}
