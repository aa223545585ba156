import { Alert, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../lib/trpc.ts';

/**
 * What a field needs of a Mantine form in uncontrolled mode: its input props, and its key, which changes
 * on `form.reset()` so that the input mounts again showing the reset value.
 */
export interface TFieldForm {
  key: (path: string) => string;
  getInputProps: (path: string) => ReturnType<ReturnType<typeof useForm>['getInputProps']>;
}

interface TBound {
  bind: TFieldForm;
  path: string;
}

/** A text input bound to one path of the form. */
export function FormTextInput({ bind, path, ...props }: TBound & TextInputProps) {
  return <TextInput key={bind.key(path)} {...props} {...bind.getInputProps(path)} />;
}

/** A password input bound to one path of the form. */
export function FormPasswordInput({ bind, path, ...props }: TBound & PasswordInputProps) {
  return <PasswordInput key={bind.key(path)} {...props} {...bind.getInputProps(path)} />;
}

/** The e-mail address field of the guest-side forms. */
export function EmailField(props: { bind: TFieldForm } & TextInputProps) {
  return <FormTextInput label="Email" type="email" autoComplete="email" path="email" {...props} />;
}

/** The username field that opens the sign-in and sign-up forms. */
export function UsernameField({ bind }: { bind: TFieldForm }) {
  return (
    <FormTextInput bind={bind} path="username" label="Username" autoComplete="username" data-autofocus />
  );
}

/** The reason a form was refused, under its fields; nothing while there is none. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}

/**
 * The reason the server refused a form, for `FormError`: `attempt` clears the last one, makes the call,
 * and keeps the server's readable message (else `fallback`) when it is refused.
 */
export function useFormError(fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const attempt = async (call: () => Promise<unknown>): Promise<void> => {
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(errorMessage(err, fallback));
    }
  };
  return { error, attempt };
}
