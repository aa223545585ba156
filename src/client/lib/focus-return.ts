import { useEffect, useRef } from 'react';

/**
 * Where focus goes back when a dialog closes (WCAG 2.4.3). Mantine's modals remember the focused
 * element only when they open after mounting, but our dialogs load on demand and mount already open,
 * and one dialog can open from inside another (Reserve → contact form → confirmation), whose buttons
 * are gone by the time the last one closes. So the page keeps the few controls focused last outside
 * any dialog, and a closing dialog hands focus to the latest of them that is still on screen.
 */
const RECENT = 8;
const recent: HTMLElement[] = [];
const DIALOG = '[role="dialog"], [aria-modal="true"], .mantine-Modal-root, .mantine-Drawer-root';

function remember(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target.closest(DIALOG)) return;
  const at = recent.indexOf(target);
  if (at !== -1) recent.splice(at, 1);
  recent.push(target);
  if (recent.length > RECENT) recent.shift();
}

let listening = false;
function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('focusin', remember, true);
}
listen();

function onScreen(el: HTMLElement): boolean {
  return el.isConnected && el.getClientRects().length > 0 && !el.closest(DIALOG) && !el.matches(':disabled');
}

/** The latest control focused outside any dialog that can still take focus. */
export function lastOpener(): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i--) {
    const el = recent[i];
    if (el && onScreen(el)) return el;
  }
  return null;
}

function focusLost(atClose: Element | null): boolean {
  const now = document.activeElement;
  return (
    now === null ||
    now === document.body ||
    now === atClose ||
    !now.isConnected ||
    (now instanceof HTMLElement && now.getClientRects().length === 0)
  );
}

// After Mantine's own return (10 ms), and again once a closing transition has unmounted the dialog.
const CHECKS_MS = [30, 350];

/**
 * When `opened` turns false, puts focus back on the control that opened the dialog, unless focus has
 * already gone somewhere real (another dialog, a link the dialog followed).
 */
export function useFocusReturn(opened: boolean): void {
  const was = useRef(opened);
  useEffect(() => {
    const closed = was.current && !opened;
    was.current = opened;
    if (!closed) return;
    const target = lastOpener();
    const atClose = document.activeElement;
    const timers = CHECKS_MS.map((ms) =>
      window.setTimeout(() => {
        if (target?.isConnected && focusLost(atClose)) target.focus({ preventScroll: true });
      }, ms),
    );
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [opened]);
}
