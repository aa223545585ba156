import { Alert, Anchor, Button, Divider, Group, Image, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { imageSrcSet } from '../../../shared/media.ts';
import type { TContactInfo } from '../../../shared/schemas/booking.ts';
import { ContactFactRows, FactRow } from '../../components/fact-rows.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { ConfirmationPayment } from './confirmation-payment.tsx';
import '../../styles/more-components.css';

/** What the confirmation dialog shows (docs/product.md#guest-data). */
export interface TConfirmationSummary {
  propertyTitle: string;
  image: string | null;
  checkIn: string;
  checkOut: string;
  guests: number;
  totalPrice: number;
  /** Each night's price and the GST, as booked: the total shown is their converted sum (docs/money.md). */
  nightPrices: number[];
  taxAmount: number;
  /** The lines after the nights (fees, discounts, taxes), as booked. */
  lines: number[];
  bookingId: number;
  confirmationNumber: string;
  /** The secret of the manage link (`/manage/{token}`). */
  manageToken: string;
  guest: TContactInfo;
}

export function BookingConfirmedDialog({
  summary,
  onClose,
}: {
  summary: TConfirmationSummary | null;
  onClose: () => void;
}) {
  const { show, stay } = useCurrency();
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
          <FactRow
            label="Dates"
            value={`${formatIsoDate(summary.checkIn, true)} – ${formatIsoDate(summary.checkOut, true)}`}
          />
          <FactRow label="Guests" value={guestsLabel(summary.guests)} />
          <FactRow
            label="Total"
            value={show(stay(summary.nightPrices, summary.taxAmount, summary.lines).total)}
            testId="confirmed-total"
          />
          <FactRow label="Booking ID" value={summary.bookingId} testId="booking-id" />
          <FactRow
            label="Confirmation number"
            value={summary.confirmationNumber}
            testId="confirmation-number"
          />
          <Divider label="Guest" labelPosition="left" />
          <ContactFactRows contact={summary.guest} />
          <Alert variant="light" color="brand" title="Manage your booking">
            <Text size="sm">
              Keep this private link to see, cancel or review your booking at any time. We have e-mailed it to
              you too.
            </Text>
            <Anchor href={`/manage/${summary.manageToken}`} size="sm" fw={600} data-testid="manage-link">
              Manage your booking
            </Anchor>
          </Alert>
          <ConfirmationPayment token={summary.manageToken} />
          <Button onClick={onClose} mt="sm" fullWidth>
            Done
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
