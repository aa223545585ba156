import { CloseButton, Input, SimpleGrid } from '@mantine/core';
import {
  startTransition,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
} from 'react';
import { LATER_CODE_META } from '#shared/constants.ts';
import { formatIsoDate } from '#shared/dates.ts';
import type { TBookingStay } from './use-booking-stay.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const StayDatePickers = lazyRetry(() =>
  Promise.all([import('./stay-date-pickers.tsx'), pickerStyles()]).then(([m]) => ({
    default: m.StayDatePickers,
  })),
);

// The pickers' code runs when the guest reaches for them (hover, keyboard focus or the tap itself). Run
// while the page was idle, its evaluation and its stylesheet's restyle of the whole page were long tasks
// that held whatever the guest tapped then; fetched on the tap, its files took a round trip or more. So
// the page fetches them into the cache while idle, and the tap only runs them.
let pickersReady: Promise<void> | undefined;
const preparePickers = () =>
  (pickersReady ??= StayDatePickers.preload().catch(() => {
    pickersReady = undefined;
  }));
const PREFETCH_AFTER_MS = 2000;
/** The pickers' files as the server names them in the page (route-preloads.ts); none in development. */
function namedFiles(): string[] {
  return document.querySelector<HTMLMetaElement>(`meta[name="${LATER_CODE_META}"]`)?.content.split(' ') ?? [];
}
/** Those the page has not linked yet (it loads some of them for itself). */
function pickerFiles(): string[] {
  return namedFiles().filter((href) => !document.querySelector(`link[href$="${CSS.escape(href)}"]`));
}
function prefetch(href: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  // As the module loader and Vite's preloads ask for them, so the later request finds this one cached.
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
/**
 * Each file's request costs the main thread about half a millisecond to start (28 at once made a long
 * task on a phone), so they start a few at a time, while the browser says it has time to spare.
 */
const IDLE_SLICE_MS = 4;
const prefetchWhenIdle = () => {
  let handle = 0;
  let files: string[] | undefined;
  const work = (deadline: IdleDeadline) => {
    files ??= pickerFiles();
    const until = performance.now() + IDLE_SLICE_MS;
    while (files.length && !pickersReady && performance.now() < until && deadline.timeRemaining() > 1)
      prefetch(files.shift() ?? '');
    if (files.length && !pickersReady) handle = requestIdleCallback(work);
  };
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) handle = requestIdleCallback(work);
  }, PREFETCH_AFTER_MS);
  return () => {
    clearTimeout(timer);
    if (handle) cancelIdleCallback(handle);
  };
};
/**
 * The pickers' stylesheets, loaded: linked afresh when a link failed. Vite's loader links them with the
 * code, but after a failure it never asks again, so the pickers came back without their styles once the
 * connection returned: a calendar that opened invisible for the rest of the visit. Without the page's
 * names (in development), Vite's loader alone.
 */
function pickerStyles(): Promise<unknown> {
  const sheets = namedFiles().filter((f) => f.endsWith('.css'));
  return Promise.all(
    sheets.map((href) => {
      const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) =>
        l.href.endsWith(href),
      );
      if (linked?.sheet) return Promise.resolve();
      const link = linked ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
      link.crossOrigin = '';
      if (!linked) document.head.append(link);
      return new Promise<void>((resolve, reject) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => reject(new Error(`Could not load ${href}`)), { once: true });
      });
    }),
  );
}
/** A failed stylesheet link of the pickers leaves the page, so the next try links it afresh. */
function dropFailedStyles(event: Event): void {
  const link = event.target;
  if (!(link instanceof HTMLLinkElement) || link.rel !== 'stylesheet') return;
  if (namedFiles().some((f) => f.endsWith('.css') && link.href.endsWith(f))) link.remove();
}
/** While the card is on the page: its pickers' files fetched once idle, and their failed styles dropped. */
const prepareLaterCode = () => {
  // Capture: a link's error event does not bubble.
  document.addEventListener('error', dropFailedStyles, true);
  const stopPrefetch = prefetchWhenIdle();
  return () => {
    document.removeEventListener('error', dropFailedStyles, true);
    stopPrefetch();
  };
};
/** After the tap's frame has painted: a frame, then a task. */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn));

type TField = 'check-in-input' | 'check-out-input';

/**
 * Check-in and check-out (docs/product.md#guest-interactions). The calendars (@mantine/dates, its popover and Floating UI, ~30 KiB
 * gzipped) stay out of the property page's first load: look-alike fields show the stay, the code is
 * fetched once the page has been idle a while and runs on hover or keyboard focus, and the first click
 * swaps in the real pickers and repeats that click on the same field.
 */
export function StayDates({ stay }: { stay: TBookingStay }) {
  const [clicked, setClicked] = useState<TField | null>(null);
  const slot = useRef<HTMLDivElement>(null);
  useEffect(prepareLaterCode, []);
  // The code (if not in yet) and the swap come after the tap's own frame; a load that failed leaves it to
  // the lazy component, whose failure reaches the error screen as before.
  const use = (field: TField) =>
    afterPaint(() => void preparePickers().then(() => startTransition(() => setClicked(field))));
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
  // InputBase's look from its parts: its wrapper takes Mantine's useId, which sets state in a layout
  // effect, and that update would run the whole page's mount effects inside the first commit's task.
  const id = useId();
  return (
    <div className={Input.Wrapper.classes.root}>
      <Input.Label htmlFor={id} id={`${id}-label`}>
        {props.label}
      </Input.Label>
      <Input
        component="button"
        type="button"
        id={id}
        pointer
        data-testid={testId}
        aria-haspopup="dialog"
        aria-expanded={false}
        // A mouse's hover or the keyboard's focus comes before the click; a finger's comes in the tap itself.
        onPointerEnter={(e: PointerEvent<HTMLButtonElement>) =>
          e.pointerType !== 'touch' && void preparePickers()
        }
        onFocus={(e: FocusEvent<HTMLButtonElement>) =>
          e.currentTarget.matches(':focus-visible') && void preparePickers()
        }
        onClick={() => props.onUse(testId)}
        rightSectionPointerEvents="all"
        rightSection={
          value ? <CloseButton size="sm" aria-label={props.clearLabel} onClick={props.onClear} /> : undefined
        }
      >
        {value ? formatIsoDate(value, true) : <Input.Placeholder>Add date</Input.Placeholder>}
      </Input>
    </div>
  );
}
