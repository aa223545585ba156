import { Alert, Anchor, Button, Divider, Group, Image, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { formatIsoDate } from '#shared/dates.ts';
import type { TPayChoice } from '#shared/checkout-search.ts';
import type { TBookingStatus } from '#shared/constants.ts';
import { partyLabel } from '#shared/labels.ts';
import { imageSrcSet } from '#shared/media.ts';
import type { TContactInfo } from '#shared/schemas/booking.ts';
import { ContactFactRows, FactRow } from '../../components/fact-rows.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { bookingNotice } from './booking-notice.ts';
import { ConfirmationPayment } from './confirmation-payment.tsx';
import '../../styles/more-components.css';

/** What the confirmation dialog shows (docs/product.md#guest-data). */
export interface TConfirmationSummary {
  propertyTitle: string;
  image: string | null;
  checkIn: string;
  checkOut: string;
  guests: number;
  infants?: number | undefined;
  pets?: number | undefined;
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
  status: TBookingStatus;
  /** A request's answer deadline (docs/booking-operations.md#booking-modes). */
  respondBy: string | null;
}

export function BookingConfirmedDialog({
  summary,
  chosen,
  onClose,
}: {
  summary: TConfirmationSummary | null;
  /** How the guest chose to pay at checkout. */
  chosen?: TPayChoice | undefined;
  onClose: () => void;
}) {
  const { show, stay } = useCurrency();
  const notice = summary ? bookingNotice(summary, summary.propertyTitle, summary.guest.email) : null;
  return (
    <Modal
      opened={summary !== null}
      onClose={onClose}
      title={notice?.dialogTitle ?? 'Booking Confirmed!'}
      centered
      size="md"
    >
      {summary && (
        <Stack gap="sm" data-testid="booking-confirmed">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="green" variant="light" size="lg" radius="xl">
              <IconCircleCheckFilled size={20} aria-hidden />
            </ThemeIcon>
            <Text size="sm" data-testid="confirmation-text">
              {notice?.dialogText}
            </Text>
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
          <FactRow label="Guests" value={partyLabel(summary)} />
          <FactRow
            label="Total"
            value={show(stay(summary.nightPrices, summary.taxAmount, summary.lines).total)}
            testId="confirmed-total"
          />
          {/* Guests know their booking by its confirmation number alone; the id stays internal. */}
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
          {/* The deposit is asked for once a request is accepted (docs/booking-operations.md#payments). */}
          {summary.status !== 'requested' && (
            <ConfirmationPayment token={summary.manageToken} chosen={chosen} />
          )}
          <Button onClick={onClose} mt="sm" fullWidth>
            Done
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
