import { Alert, Button, Group, Input, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import { ID_PHOTO_MAX_BYTES, ID_PHOTO_TOO_LARGE, ZCheckInForm } from '#shared/schemas/check-in.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { useManageCheckIn } from './api/check-in.ts';

/** The online check-in dialog (docs/check-in.md), loaded when the guest first opens it. */
export default function CheckInDialog({
  booking,
  token,
  opened,
  onClose,
  onCheckedIn,
}: {
  booking: TManagedBooking;
  token: string;
  opened: boolean;
  onClose: () => void;
  /** The server's answer once checked in, for the page to show. */
  onCheckedIn: (updated: TManagedBooking) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Check in online" size="lg">
      <CheckInForm booking={booking} token={token} onDone={onClose} onCheckedIn={onCheckedIn} />
    </Modal>
  );
}

function CheckInForm({
  booking,
  token,
  onDone,
  onCheckedIn,
}: {
  booking: TManagedBooking;
  token: string;
  onDone: () => void;
  onCheckedIn: (updated: TManagedBooking) => void;
}) {
  const c = booking.onlineCheckIn;
  const checkIn = useManageCheckIn();
  const [arrivalTime, setArrivalTime] = useState(booking.trip.checkInTime);
  const [adults, setAdults] = useState<string[]>(() =>
    Array.from({ length: Math.max(1, booking.guests) }, (_, i) =>
      i === 0 ? (booking.contactInfo?.name ?? '') : '',
    ),
  );
  const [phone, setPhone] = useState(booking.contactInfo?.phone ?? '');
  const [idPhoto, setIdPhoto] = useState<string | undefined>();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [agreementName, setAgreementName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  // Sent as the file is: the server checks, re-encodes and strips it (docs/privacy.md).
  const choosePhoto = async (file: File | undefined) => {
    setPhotoError(null);
    setIdPhoto(undefined);
    if (!file) return;
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) {
      setPhotoError('Choose a photo (JPEG, PNG or WebP)');
      return;
    }
    if (file.size > ID_PHOTO_MAX_BYTES) {
      setPhotoError(ID_PHOTO_TOO_LARGE);
      return;
    }
    setIdPhoto(await readAsDataUrl(file));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const input = {
      arrivalTime,
      adults: adults.map((a) => a.trim()).filter((a) => a !== ''),
      phone,
      idPhoto: c.requireId ? idPhoto : undefined,
      agreementName: c.agreement ? agreementName : undefined,
    };
    // The server's own schema first, so the form says what it would refuse.
    const parsed = ZCheckInForm.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (c.requireId && !idPhoto) found.idPhoto ??= 'Add a photo of your ID';
    if (c.agreement && agreementName.trim().length < 2)
      found.agreementName ??= 'Type your full name to accept the rental agreement';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const updated = await checkIn.mutateAsync({ token, ...input });
      onCheckedIn(updated);
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="check-in-form">
      <Stack gap="sm">
        <Text size="sm">
          Your stay at {booking.property.title} from {formatIsoDate(booking.checkIn, true)}.
        </Text>
        <TextInput
          type="time"
          label="Arrival time"
          description={`Check-in is from ${booking.trip.checkInTime} (the home's time)`}
          required
          value={arrivalTime}
          onChange={(e) => setArrivalTime(e.currentTarget.value)}
          error={errors.arrivalTime}
        />
        {adults.map((name, i) => (
          <TextInput
            key={i}
            label={i === 0 ? 'Lead guest, full name' : `Adult ${i + 1}, full name`}
            required={i === 0}
            autoComplete={i === 0 ? 'name' : 'off'}
            value={name}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setAdults((all) => all.map((a, j) => (j === i ? value : a)));
            }}
            error={i === 0 ? errors.adults : undefined}
          />
        ))}
        <TextInput
          type="tel"
          label="Phone number"
          required
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.phone}
        />
        {c.requireId && (
          <Input.Wrapper
            label="Photo of the lead guest's ID"
            description="A passport or ID card, at most 3 MB. Only the host sees it; it is deleted after your stay."
            required
            error={errors.idPhoto ?? photoError ?? undefined}
            id="check-in-id-photo"
          >
            <input
              id="check-in-id-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={
                errors.idPhoto || photoError
                  ? 'check-in-id-photo-description check-in-id-photo-error'
                  : 'check-in-id-photo-description'
              }
              aria-invalid={Boolean(errors.idPhoto || photoError)}
              onChange={(e) => void choosePhoto(e.currentTarget.files?.[0])}
              data-testid="id-photo-input"
              style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
            />
          </Input.Wrapper>
        )}
        {c.agreement && (
          <>
            <Title order={3} fz="sm">
              Rental agreement
            </Title>
            <div
              role="region"
              aria-label="Rental agreement"
              tabIndex={0}
              data-testid="agreement-text"
              style={{
                maxHeight: 220,
                overflowY: 'auto',
                whiteSpace: 'pre-wrap',
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 4,
                padding: 8,
                fontSize: 'var(--mantine-font-size-sm)',
              }}
            >
              {c.agreement}
            </div>
            <TextInput
              label="Type your full name to accept the agreement"
              required
              value={agreementName}
              onChange={(e) => setAgreementName(e.currentTarget.value)}
              error={errors.agreementName}
              data-testid="agreement-name"
            />
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="check-in-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Not now
          </Button>
          <Button type="submit" loading={checkIn.isPending} data-testid="submit-check-in">
            {c.agreement ? 'Sign and check in' : 'Check in'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Failed to read file'));
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.readAsDataURL(file);
  });
}
