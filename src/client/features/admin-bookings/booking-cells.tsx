import { Badge, HoverCard, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TBookingStatus } from '#shared/constants.ts';
import type { TAdminBooking } from '#shared/schemas/admin.ts';
import { STATUS_WORD } from '#shared/stay-status.ts';

/** Filled badges in dark shades, so the white text keeps 4.5:1 contrast. */
export function StatusBadge({ status }: { status: TBookingStatus }) {
  if (status === 'confirmed')
    return (
      <Badge color="#1e6b2e" variant="filled" data-testid="status-badge">
        Confirmed
      </Badge>
    );
  if (status === 'cancelled' || status === 'declined')
    return (
      <Badge color="red.9" variant="filled" data-testid="status-badge">
        {STATUS_WORD[status]}
      </Badge>
    );
  if (status === 'requested')
    return (
      <Badge color="#9a3412" variant="filled" data-testid="status-badge">
        {STATUS_WORD[status]}
      </Badge>
    );
  // The outline in the text colour: Mantine's gray outline is gray.8, lost on the dark scheme's surfaces.
  return (
    <Badge color="var(--mantine-color-text)" variant="outline" data-testid="status-badge">
      Pending
    </Badge>
  );
}

/** The guest's name and e-mail; the full contact card opens on hover or keyboard focus. */
export function GuestCell({ booking }: { booking: TAdminBooking }) {
  const c = booking.contactInfo;
  if (!c) {
    const name =
      booking.user?.name ||
      booking.user?.username ||
      (booking.userId !== null ? `User #${booking.userId}` : 'Guest');
    return <Text size="sm">{name}</Text>;
  }
  const rows: [string, string][] = [
    ['Name', c.name],
    ['Email', c.email],
    ['Phone', c.phone ?? ''],
    ['Country', c.country ?? ''],
    ['Special Requests', c.specialRequests?.trim() ? c.specialRequests : 'None'],
  ];
  return (
    <HoverCard width={300} shadow="md" withArrow openDelay={150} position="bottom-start">
      <HoverCard.Target>
        {/* A button, so the contact card (aria-expanded) has a role and a keyboard user can reach it. */}
        <UnstyledButton data-testid="guest-cell" maw={150} style={{ display: 'block' }}>
          <Text size="sm" fw={500} truncate>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {c.email}
          </Text>
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown data-testid="guest-hovercard">
        <Stack gap={6}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {value}
              </Text>
            </div>
          ))}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
