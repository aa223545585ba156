import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZRegisterInput, type TRegisterInput } from '#shared/schemas/auth.ts';
import {
  EmailField,
  FormPasswordInput,
  FormTextInput,
  UsernameField,
} from '../../components/form-fields.tsx';
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
        <UsernameField bind={form} />
        <EmailField bind={form} />
        <FormPasswordInput bind={form} path="password" label="Password" autoComplete="new-password" />
        <FormTextInput bind={form} path="name" label="Full name" description="Optional" autoComplete="name" />
        <Button type="submit" fullWidth disabled={pending}>
          {pending ? 'Creating account...' : 'Sign up'}
        </Button>
      </Stack>
    </form>
  );
}
