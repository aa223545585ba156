import { CloseButton, Input, InputBase, SimpleGrid } from '@mantine/core';
import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import type { TBookingStay } from './use-booking-stay.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const StayDatePickers = lazyRetry(() =>
  import('./stay-date-pickers.tsx').then((m) => ({ default: m.StayDatePickers })),
);

// The pickers' code, fetched and evaluated once the page is idle: fetched on the tap itself, its ~30 module
// preloads and evaluation held the tap's frame. Once in, the pickers render without suspending.
let pickersReady: Promise<void> | undefined;
const preparePickers = () =>
  (pickersReady ??= StayDatePickers.preload().catch(() => {
    pickersReady = undefined;
  }));
const whenIdle = (fn: () => void) => {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(fn, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1000);
  return () => clearTimeout(id);
};

type TField = 'check-in-input' | 'check-out-input';

/**
 * Check-in and check-out (docs/product.md#guest-interactions). The calendars (@mantine/dates, its popover and Floating UI, ~30 KiB
 * gzipped) stay out of the property page's first load: look-alike fields show the stay, the code loads once
 * the page is idle (or on pointer or focus), and the first click swaps in the real pickers and repeats that
 * click on the same field.
 */
export function StayDates({ stay }: { stay: TBookingStay }) {
  const [clicked, setClicked] = useState<TField | null>(null);
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => whenIdle(() => void preparePickers()), []);
  // The swap renders in a transition, after the tap's own frame; a load that failed leaves it to the lazy
  // component, whose failure reaches the error screen as before.
  const use = (field: TField) => void preparePickers().then(() => startTransition(() => setClicked(field)));
  const standIns = <StandIns stay={stay} onUse={use} />;
  return (
    <div ref={slot}>
      {clicked ? (
        <Suspense fallback={standIns}>
          <Loaded stay={stay} onMounted={() => repeatClick(slot.current, clicked)} />
        </Suspense>
      ) : (
        standIns
      )}
    </div>
  );
}

function repeatClick(slot: HTMLElement | null, field: TField): void {
  const target = slot?.querySelector<HTMLButtonElement>(`[data-testid="${field}"]`);
  target?.focus();
  target?.click();
}

function Loaded({ stay, onMounted }: { stay: TBookingStay; onMounted: () => void }) {
  const mounted = useRef(onMounted);
  useEffect(() => mounted.current(), []);
  return <StayDatePickers stay={stay} />;
}

function StandIns({ stay, onUse }: { stay: TBookingStay; onUse: (field: TField) => void }) {
  return (
    <SimpleGrid cols={2} spacing={8}>
      <StandIn
        label="Check-in"
        value={stay.checkIn}
        testId="check-in-input"
        clearLabel="Clear check-in date"
        onClear={() => stay.chooseCheckIn(null)}
        onUse={onUse}
      />
      <StandIn
        label="Check-out"
        value={stay.checkOut}
        testId="check-out-input"
        clearLabel="Clear check-out date"
        onClear={() => stay.chooseCheckOut(null)}
        onUse={onUse}
      />
    </SimpleGrid>
  );
}

function StandIn(props: {
  label: string;
  value: string | null;
  testId: TField;
  clearLabel: string;
  onClear: () => void;
  onUse: (field: TField) => void;
}) {
  const { value, testId } = props;
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      label={props.label}
      data-testid={testId}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void preparePickers()}
      onFocus={() => void preparePickers()}
      onClick={() => props.onUse(testId)}
      rightSectionPointerEvents="all"
      rightSection={
        value ? <CloseButton size="sm" aria-label={props.clearLabel} onClick={props.onClear} /> : undefined
      }
    >
      {value ? formatIsoDate(value, true) : <Input.Placeholder>Add date</Input.Placeholder>}
    </InputBase>
  );
}
