import { Anchor, Group, Text } from '@mantine/core';
import type { TAdminBookingDetail } from '#shared/schemas/admin.ts';
import { Rows, Section, when } from './drawer-parts.tsx';

const WAIT_WORDS = {
  status: 'the booking is confirmed',
  check_in: 'the guest checks in online',
  payment: 'the balance is paid',
  time: 'its reveal time',
} as const;

/**
 * The stay's online check-in for the operator (docs/check-in.md): the door code always, what the guest
 * gave, the signed agreement's PDF and the ID photo while it is kept (docs/privacy.md).
 */
export function BookingCheckIn({ d }: { d: TAdminBookingDetail }) {
  const c = d.onlineCheckIn;
  if (!c) return null;
  const waiting = c.doorCodeWaits.map((w) => WAIT_WORDS[w]).join(', ');
  return (
    <Section title="Online check-in">
      <Rows
        testId="drawer-check-in"
        rows={[
          ['Door code', c.doorCode],
          ['Guest sees it', waiting ? `Not yet: waits until ${waiting}` : 'Yes'],
          ['Checked in', c.checkedInAt ? when(c.checkedInAt) : 'Not yet'],
          ...(c.done
            ? ([
                ['Arrival time', c.arrivalTime ?? ''],
                ['Adults', c.adults.join(', ')],
                ['Phone', c.phone ?? ''],
                [
                  'Agreement',
                  c.signedName
                    ? `Signed by ${c.signedName} on ${when(c.signedAt ?? '')} from ${c.signedIp ?? 'an unknown address'}`
                    : 'None',
                ],
                [
                  'ID photo',
                  c.idPhotoUrl
                    ? 'On file'
                    : c.idPhotoDeletedAt
                      ? `Deleted ${when(c.idPhotoDeletedAt)}`
                      : 'None',
                ],
              ] as [string, string][])
            : []),
        ]}
      />
      {(c.agreementPdfUrl || c.idPhotoUrl) && (
        <Group gap="md">
          {c.agreementPdfUrl && (
            <Anchor href={c.agreementPdfUrl} target="_blank" size="sm" data-testid="drawer-agreement-pdf">
              Signed agreement (PDF)
            </Anchor>
          )}
          {c.idPhotoUrl && (
            <Anchor href={c.idPhotoUrl} target="_blank" size="sm" data-testid="drawer-id-photo">
              ID photo
            </Anchor>
          )}
        </Group>
      )}
      {!c.done && (
        <Text size="xs" c="dimmed">
          The guest has not checked in online yet.
        </Text>
      )}
    </Section>
  );
}
