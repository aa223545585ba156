import { Text } from '@mantine/core';
import { POLICY_LABEL, POLICY_SUMMARY, policyLine, type TCancellationPolicy } from '#shared/cancellation.ts';
import type { TZoneClock } from '#shared/home-time.ts';

/** The home's cancellation policy with its deadline for the chosen check-in, shown before Reserve (docs/decisions.md#cancellation-policy). */
export function CancellationPolicyLine({
  policy,
  checkIn,
  timeZone,
  clock,
  align = 'center',
}: {
  policy: TCancellationPolicy;
  checkIn: string | null;
  /** The home's time zone: the deadline is stated in its local time. */
  timeZone: string;
  /** The zone's clock from the server: the line then needs no `Intl` time-zone formatter. */
  clock?: TZoneClock | undefined;
  /** Centred under the card's button; the checkout sets it flush with its other sections. */
  align?: 'center' | 'left';
}) {
  return (
    <Text size="sm" ta={align} data-testid="cancellation-policy">
      <Text span fw={600}>
        {POLICY_LABEL[policy]} cancellation:
      </Text>{' '}
      {checkIn
        ? `${policyLine(checkIn, policy, timeZone, new Date(), clock)}.`
        : `${POLICY_SUMMARY[policy]}.`}
    </Text>
  );
}
