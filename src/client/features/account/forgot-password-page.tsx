import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZResetRequest, type TResetRequest } from '#shared/schemas/account.ts';
import { EmailField } from '../../components/form-fields.tsx';
import { LinkRequestPage } from '../../components/link-request-page.tsx';
import { useRequestPasswordReset } from './api.ts';
import '../../styles/more-components.css';

/** 'Forgot password?': the same answer whether or not the address has an account (docs/decisions.md#secret-links). */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm<TResetRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(ZResetRequest),
  });
  return (
    <LinkRequestPage
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password. The link works once, for one hour."
      formLabel="Reset password"
      submitLabel="Send reset link"
      answerTestId="reset-requested"
      form={form}
      send={request.mutateAsync}
      pending={request.isPending}
    >
      <EmailField bind={form} />
    </LinkRequestPage>
  );
}
