import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type PointerEvent } from 'react';

/**
 * Toasts (docs/product.md#guest-constants): one at a time, at most 420 px wide, 5 s, F8, swipe right. They
 * sit at the bottom (centred on phones, at the right elsewhere): a toast at the top covered the heading
 * of the dialog it came with, such as the booking confirmation.
 */
const TOAST_WIDTH = 420;
const TOAST_MS = 5000;
const SWIPE_DISMISS_PX = 50;
/** Mantine's `sm` breakpoint: below it the site lays out for phones. */
const PHONE_QUERY = '(max-width: 47.99em)';

/** Keeps only the newest toast: one waiting behind the shown one is stale by the time that one closes. */
function keepNewest(state: ReturnType<typeof notificationsStore.getState>): void {
  const newest = state.queue[state.queue.length - 1];
  if (!newest) return;
  notifications.updateState(notificationsStore, (list) => list.filter((n) => n.id === newest.id));
}

export function Toaster() {
  const swipeStart = useRef<number | null>(null);
  // Read at once (the host mounts in the browser only), so a first toast never jumps corners.
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });

  useEffect(() => {
    const unsubscribe = notificationsStore.subscribe(keepNewest);
    // Toasts raised before this host loaded (see toaster-on-demand.tsx) were never trimmed.
    keepNewest(notificationsStore.getState());
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      const toast = document.querySelector<HTMLElement>('.mantine-Notifications-root [role="alert"]');
      if (!toast) return;
      e.preventDefault();
      toast.tabIndex = -1;
      toast.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      unsubscribe();
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  const endSwipe = (e: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    const shown = notificationsStore.getState().notifications[0];
    if (start !== null && shown?.id && e.clientX - start > SWIPE_DISMISS_PX) notifications.hide(shown.id);
  };

  return (
    <Notifications
      position={phone ? 'bottom-center' : 'bottom-right'}
      limit={1}
      autoClose={TOAST_MS}
      containerWidth={TOAST_WIDTH}
      // Our own swipe: rightwards past 50 px (Mantine's needs a third of the toast's width).
      allowDragDismiss={false}
      styles={{ notification: { touchAction: 'pan-y' } }}
      onPointerDown={(e) => {
        swipeStart.current = e.clientX;
      }}
      onPointerUp={endSwipe}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
    />
  );
}
