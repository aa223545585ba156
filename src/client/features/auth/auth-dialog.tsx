import { Anchor, Button, Divider, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type MouseEvent } from 'react';
import {
  ZLoginInput,
  ZRegisterInput,
  type TLoginInput,
  type TRegisterInput,
} from '../../../shared/schemas/auth.ts';
import { isPlainClick } from '../../lib/href-click.ts';
import { useAuth } from '../../lib/auth.tsx';
import { trpc } from '../../lib/trpc.ts';
import { router } from '../../router.tsx';
import '../../styles/more-components.css';

const SOCIAL_PROVIDERS = [
  { name: 'Google', icon: IconBrandGoogle },
  { name: 'Facebook', icon: IconBrandFacebook },
  { name: 'Apple', icon: IconBrandApple },
] as const;

function LoginForm() {
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
        <TextInput
          label="Username"
          autoComplete="username"
          data-autofocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
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

interface TRegisterValues {
  username: string;
  email: string;
  password: string;
  name: string;
}

function RegisterForm() {
  const { register } = useAuth();
  const [pending, setPending] = useState(false);
  const form = useForm<TRegisterValues>({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', password: '', name: '' },
    validate: zod4Resolver(ZRegisterInput),
  });
  const submit = form.onSubmit(async (values) => {
    const input: TRegisterInput = {
      username: values.username,
      email: values.email,
      password: values.password,
    };
    if (values.name.trim()) input.name = values.name.trim();
    setPending(true);
    try {
      await register(input);
      form.reset();
    } catch {
      // The toast already told the visitor.
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Sign up form">
      <Stack gap="sm">
        <TextInput
          label="Username"
          autoComplete="username"
          data-autofocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Full name"
          description="Optional"
          autoComplete="name"
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Button type="submit" fullWidth disabled={pending}>
          {pending ? 'Creating account...' : 'Sign up'}
        </Button>
      </Stack>
    </form>
  );
}

/** The login / sign-up dialog (guest-side §2). Rendered once; opened through useAuth().openAuthDialog. */
export function AuthDialog() {
  const { authDialog, openAuthDialog, closeAuthDialog } = useAuth();
  const { data: config } = useQuery(trpc.config.get.queryOptions());
  const isLogin = authDialog.view === 'login';
  return (
    <Modal
      opened={authDialog.opened}
      onClose={closeAuthDialog}
      title={<Text fw={700}>{isLogin ? 'Log in or sign up' : 'Sign up'}</Text>}
      centered
      size="md"
      data-testid="auth-dialog"
    >
      <Stack gap="md">
        <Title order={3}>Welcome to {config?.settings.siteName ?? 'StayHub'}</Title>
        {isLogin ? <LoginForm /> : <RegisterForm />}
        <Divider label="or" labelPosition="center" />
        <Stack gap="xs">
          {SOCIAL_PROVIDERS.map(({ name, icon: Icon }) => (
            <Button
              key={name}
              variant="default"
              fullWidth
              leftSection={<Icon size={18} aria-hidden />}
              onClick={() =>
                notifications.show({
                  title: 'Social login',
                  message: `${name} login is not implemented in this demo.`,
                })
              }
            >
              Continue with {name}
            </Button>
          ))}
          <Button
            variant="subtle"
            fullWidth
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={() => openAuthDialog(isLogin ? 'register' : 'login')}
          >
            {isLogin ? 'Sign up with Email' : 'Login with Email'}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
