import { Alert, Anchor, Button, Divider, Group, Image, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { imageSrcSet } from '../../../shared/media.ts';
import type { TContactInfo } from '../../../shared/schemas/booking.ts';
import { useCurrency } from '../../lib/currency.tsx';
import '../../styles/more-components.css';

/** What the confirmation dialog shows (guest-side §3). */
export interface TConfirmationSummary {
  propertyTitle: string;
  image: string | null;
  checkIn: string;
  checkOut: string;
  guests: number;
  totalPrice: number;
  bookingId: number;
  confirmationNumber: string;
  /** The secret of the manage link (`/manage/{token}`). */
  manageToken: string;
  guest: TContactInfo;
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
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

export function BookingConfirmedDialog({
  summary,
  onClose,
}: {
  summary: TConfirmationSummary | null;
  onClose: () => void;
}) {
  const { format } = useCurrency();
  return (
    <Modal opened={summary !== null} onClose={onClose} title="Booking Confirmed!" centered size="md">
      {summary && (
        <Stack gap="sm" data-testid="booking-confirmed">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="green" variant="light" size="lg" radius="xl">
              <IconCircleCheckFilled size={20} aria-hidden />
            </ThemeIcon>
            <Text size="sm">A confirmation email has been sent to your email address.</Text>
          </Group>
          {summary.image && (
            <Image
              src={summary.image}
              srcSet={imageSrcSet(summary.image)}
              sizes="420px"
              h={160}
              radius="md"
              alt={summary.propertyTitle}
            />
          )}
          <Text fw={700}>{summary.propertyTitle}</Text>
          <Row
            label="Dates"
            value={`${formatIsoDate(summary.checkIn, true)} – ${formatIsoDate(summary.checkOut, true)}`}
          />
          <Row label="Guests" value={guestsLabel(summary.guests)} />
          <Row label="Total" value={format(summary.totalPrice)} testId="confirmed-total" />
          <Row label="Booking ID" value={summary.bookingId} testId="booking-id" />
          <Row label="Confirmation number" value={summary.confirmationNumber} testId="confirmation-number" />
          <Divider label="Guest" labelPosition="left" />
          <Row label="Name" value={summary.guest.name} />
          <Row label="Email" value={summary.guest.email} />
          <Row label="Phone" value={summary.guest.phone} />
          <Row label="Country/Region" value={summary.guest.country} />
          {summary.guest.specialRequests && (
            <Row label="Special requests" value={summary.guest.specialRequests} />
          )}
          <Alert variant="light" color="brand" title="Manage your booking">
            <Text size="sm">
              Keep this private link to see, cancel or review your booking at any time. We have e-mailed it to
              you too.
            </Text>
            <Anchor href={`/manage/${summary.manageToken}`} size="sm" fw={600} data-testid="manage-link">
              Manage your booking
            </Anchor>
          </Alert>
          <Button onClick={onClose} mt="sm" fullWidth>
            Done
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
