/**
 * Set by Reserve just before its route change to the checkout, and taken by the checkout's first
 * render: arriving from the card, the checkout draws its skeleton with the route change and the page
 * itself in a transition after it, so the change is not one long task. A checkout loaded on its own
 * URL draws in full at once (the app's first render is a transition already).
 */
let fromCard = false;

export function markCheckoutFromCard(on: boolean): void {
  fromCard = on;
}

/** Whether the checkout being drawn was opened by Reserve; answers true once. */
export function takeCheckoutFromCard(): boolean {
  const was = fromCard;
  fromCard = false;
  return was;
}
