import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SIGN_IN_TO_BOOK } from '#shared/messages.ts';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { useAuth } from '../../lib/auth.tsx';
import type { TBookingStay } from './use-booking-stay.ts';

/** Shows or clears a Reserve button's pressed state (the button keeps it: reserve-button.tsx). */
export type TShowPressed = (pressed: boolean) => void;

/**
 * The booking card's Reserve: it opens the checkout page with the chosen stay (`go`), once the card
 * knows the stay can be booked. `problem` is why the card already knows it cannot; the server re-checks
 * every rule and the price anyway (docs/decisions.md#server-price, #stay-rules).
 *
 * What Reserve does depends on answers the page may still be waiting for: the Guest Registration
 * switch, who is signed in, the card's default dates and the quote. A press before they are in is not
 * lost or guessed at: Reserve shows that it is waiting (`waiting`) and acts once they have arrived.
 */
export function useReserve(
  stay: TBookingStay,
  quote: { settled: boolean },
  problem: string | null,
  go: () => Promise<unknown> | void,
) {
  const { settings, settled: settingsSettled } = useSiteConfig();
  const { isAuthenticated, isLoading: authLoading, openAuthDialog } = useAuth();
  const [waiting, setWaiting] = useState(false);
  // Pressed and on its way: the pressed button shows it at once (its own state, so the card does not
  // re-render); the work (the route change) starts after that paint. A ref: a second tap is ignored.
  const leaving = useRef(false);
  // The button whose press waits for the page's answers.
  const waitingButton = useRef<TShowPressed | null>(null);
  const ready = settingsSettled && !authLoading && stay.settled && quote.settled;

  const act = (showPressed: TShowPressed) => {
    if (!stay.checkIn || !stay.checkOut) {
      notifications.show({
        id: 'dates-required',
        title: 'Dates required',
        message: 'Please select your check-in and check-out dates',
        color: 'red',
      });
      return;
    }
    // The checkout never opens for dates the card already knows cannot be booked.
    if (problem) return;
    if (settings.enableGuestRegistration && !isAuthenticated) {
      notifications.show({
        id: 'sign-in-to-book',
        title: SIGN_IN_TO_BOOK,
        message: 'Sign in or create an account, then reserve your stay.',
      });
      openAuthDialog('login');
      return;
    }
    leaving.current = true;
    showPressed(true);
    // The checkout's route change renders the listing and then the checkout: it starts once the pressed
    // state has painted (a frame, then a task), so the tap answers at once.
    requestAnimationFrame(() =>
      setTimeout(
        () =>
          void Promise.resolve(go()).finally(() => {
            leaving.current = false;
            showPressed(false);
          }),
      ),
    );
  };

  const reserve = (showPressed: TShowPressed) => {
    if (leaving.current) return;
    if (ready) act(showPressed);
    else {
      waitingButton.current = showPressed;
      setWaiting(true);
    }
  };
  const actOnArrival = useEffectEvent(() => {
    setWaiting(false);
    act(waitingButton.current ?? (() => undefined));
  });
  useEffect(() => {
    // The press the guest made earlier, carried out now that its answers are in; it runs once, since
    // it ends the wait. (The rule against state set in effects is about state derivable in render.)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (waiting && ready) actOnArrival();
  }, [waiting, ready]);

  /** `waiting`: Reserve was pressed before what it depends on had arrived; it acts as soon as they do. */
  return { reserve, waiting };
}
