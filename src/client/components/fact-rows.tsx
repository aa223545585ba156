import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TContactInfo } from '#shared/schemas/booking.ts';

/** One fact of a booking: its label on the left, its value on the right. */
export function FactRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The contact details a guest gave with a booking; special requests only when there were any. */
export function ContactFactRows({ contact }: { contact: TContactInfo }) {
  return (
    <>
      <FactRow label="Name" value={contact.name} />
      <FactRow label="Email" value={contact.email} />
      <FactRow label="Phone" value={contact.phone} />
      <FactRow label="Country/Region" value={contact.country} />
      {contact.specialRequests && <FactRow label="Special requests" value={contact.specialRequests} />}
    </>
  );
}
