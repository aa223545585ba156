import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZRegisterInput, type TRegisterInput } from '../../../shared/schemas/auth.ts';
import { useAuth } from '../../lib/auth.tsx';

interface TRegisterValues {
  username: string;
  email: string;
  password: string;
  name: string;
}

/** A new guest account; the full name is optional and sent only when given. */
export function RegisterForm() {
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
