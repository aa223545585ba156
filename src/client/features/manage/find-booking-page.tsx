import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZLookupInput, type TLookupInput } from '#shared/schemas/manage.ts';
import { EmailField, FormTextInput } from '../../components/form-fields.tsx';
import { LinkRequestPage } from '../../components/link-request-page.tsx';
import { useLookupBooking } from './api/find-booking.ts';
import '../../styles/more-components.css';

/** 'Find my booking' (docs/decisions.md#secret-links): a lost manage link is sent again to the booking's e-mail address. */
export function FindBookingPage() {
  const lookup = useLookupBooking();
  const form = useForm<TLookupInput>({
    mode: 'uncontrolled',
    initialValues: { confirmationNumber: '', email: '' },
    validate: zod4Resolver(ZLookupInput),
  });
  return (
    <LinkRequestPage
      title="Find my booking"
      intro="Enter the confirmation number from your confirmation and the e-mail address you booked with. We will e-mail you a link to manage the booking."
      formLabel="Find my booking"
      submitLabel="Send me the link"
      answerTestId="lookup-answer"
      form={form}
      send={lookup.mutateAsync}
      pending={lookup.isPending}
    >
      <FormTextInput
        bind={form}
        path="confirmationNumber"
        label="Confirmation number"
        placeholder="BIC123456"
        autoComplete="off"
      />
      <EmailField bind={form} />
    </LinkRequestPage>
  );
}
