export type TAuthView = 'login' | 'register';

export interface TAuthDialogState {
  opened: boolean;
  view: TAuthView;
  /** Where to go after signing in (the admin page the guard refused), when the dialog was opened for one. */
  returnTo?: string | undefined;
}

/**
 * The auth dialog's open state lives outside React, so a route guard (`beforeLoad`) can open it too.
 * The dialog itself is rendered once, next to the router (features/auth/auth-dialog.tsx).
 */
let dialogState: TAuthDialogState = { opened: false, view: 'login' };
const dialogListeners = new Set<() => void>();

function setDialogState(next: TAuthDialogState): void {
  dialogState = next;
  for (const listener of dialogListeners) listener();
}

/** Switching between login and sign-up while open keeps the page to return to. */
export function openAuthDialog(view: TAuthView = 'login', returnTo?: string): void {
  setDialogState({
    opened: true,
    view,
    returnTo: returnTo ?? (dialogState.opened ? dialogState.returnTo : undefined),
  });
}

export function closeAuthDialog(): void {
  setDialogState({ ...dialogState, opened: false });
}

export function subscribeDialog(listener: () => void): () => void {
  dialogListeners.add(listener);
  return () => dialogListeners.delete(listener);
}

export function getDialogState(): TAuthDialogState {
  return dialogState;
}
