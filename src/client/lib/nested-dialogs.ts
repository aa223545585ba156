import { useEffect, useSyncExternalStore } from 'react';

/**
 * Dialogs opened from inside another (a modal over the booking drawer). Mantine's modals and drawers each
 * listen for Escape on the window, so one key press would close both, and the control that opened the
 * inner dialog would vanish with the outer one before focus could return to it. The outer dialog stops
 * closing on Escape while an inner one is open (`closeOnEscape={!useNestedDialogOpen()}`).
 */
let open = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => open > 0;

/** Marks an inner dialog as open while `opened` is true. */
export function useNestedDialog(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    open += 1;
    listeners.forEach((l) => l());
    return () => {
      open -= 1;
      listeners.forEach((l) => l());
    };
  }, [opened]);
}

/** True while any inner dialog is open. */
export function useNestedDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
