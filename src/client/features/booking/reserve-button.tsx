import { Button, Loader, type ButtonProps } from '@mantine/core';
import { useState, type FocusEvent, type PointerEvent } from 'react';
import type { TShowPressed } from './use-reserve.ts';

/**
 * Reserve, on the card and on the phone's bar. It keeps its own pressed state, so a tap re-renders this
 * button alone before the route change starts, not the whole card (docs/decisions.md#a-tap-on-the-booking-card-paints-first).
 */
export function ReserveButton({
  label,
  waiting,
  disabled,
  onReserve,
  onPointerEnter,
  onFocus,
  loaderSize,
  testId,
  ...button
}: {
  label: string;
  /** Pressed before the card's answers were in (use-reserve.ts): busy until they are. */
  waiting: boolean;
  disabled: boolean;
  onReserve: (showPressed: TShowPressed) => void;
  onPointerEnter?: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus?: (event: FocusEvent<HTMLButtonElement>) => void;
  loaderSize: number;
  testId: string;
} & Pick<ButtonProps, 'size' | 'fullWidth'>) {
  const [pressed, setPressed] = useState(false);
  const busy = waiting || pressed;
  return (
    <Button
      {...button}
      onClick={() => onReserve(setPressed)}
      onPointerEnter={onPointerEnter}
      onFocus={onFocus}
      disabled={disabled}
      // Not Mantine's `loading`, which disables the button and so drops the keyboard focus on it.
      aria-busy={busy || undefined}
      rightSection={busy ? <Loader size={loaderSize} color="currentColor" aria-hidden /> : undefined}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
