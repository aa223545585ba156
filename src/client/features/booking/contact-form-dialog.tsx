import { Button, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { ZContactInfo, type TContactInfo } from '#shared/schemas/booking.ts';
import { EmailField, FormTextInput } from '../../components/form-fields.tsx';
import type { TContactDraft } from './booking-draft.ts';
import '../../styles/more-components.css';

type TContactFormValues = TContactDraft;

interface TContactFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Name and e-mail of a signed-in user, filled in for them. */
  initial: { name: string; email: string };
  /** What the guest typed before an error screen or a reload (booking-draft.ts); wins over `initial`. */
  draft: Partial<TContactFormValues> | undefined;
  /** Every change, to keep it as a draft. */
  onChange: (values: TContactFormValues) => void;
  pending: boolean;
  summary: string;
  onSubmit: (contact: TContactInfo) => void;
}

/** The guest's contact details after Reserve (docs/product.md#guest-validation); the same ZContactInfo the server applies. */
export function ContactFormDialog({
  opened,
  onClose,
  initial,
  draft,
  onChange,
  pending,
  summary,
  onSubmit,
}: TContactFormDialogProps) {
  const form = useForm<TContactFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: initial.name,
      email: initial.email,
      phone: '',
      country: '',
      specialRequests: '',
      ...draft,
    },
    validate: zod4Resolver(ZContactInfo),
    onValuesChange: onChange,
  });

  // A user who signs in while the page is open gets name and e-mail filled in, without overwriting typing.
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    const values = getValues();
    if (!values.name && initial.name) setFieldValue('name', initial.name);
    if (!values.email && initial.email) setFieldValue('email', initial.email);
  }, [initial.name, initial.email, getValues, setFieldValue]);

  const submit = form.onSubmit((values) => {
    const specialRequests = values.specialRequests.trim();
    onSubmit({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      country: values.country.trim(),
      ...(specialRequests ? { specialRequests } : {}),
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Contact information" size="lg" centered keepMounted>
      <form onSubmit={submit} noValidate aria-label="Contact information">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormTextInput
              bind={form}
              path="name"
              label="Full name"
              autoComplete="name"
              withAsterisk
              data-autofocus
            />
            <EmailField bind={form} withAsterisk />
            <FormTextInput
              bind={form}
              path="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              withAsterisk
            />
            <FormTextInput
              bind={form}
              path="country"
              label="Country/Region"
              autoComplete="country-name"
              withAsterisk
            />
          </SimpleGrid>
          <Textarea
            label="Special requests"
            description="Optional"
            autosize
            minRows={2}
            maxRows={6}
            key={form.key('specialRequests')}
            {...form.getInputProps('specialRequests')}
          />
          <Button type="submit" size="md" loading={pending} fullWidth mt="xs">
            Confirm booking
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
