import type { TPayChoice } from '#shared/checkout.ts';
import type { TBookingCreateInput } from '#shared/schemas/booking.ts';

/**
 * What the guest has put into a booking so far: the contact details as typed and the attempt in flight,
 * kept in sessionStorage (this tab only), so an error screen's "Try again" or a reload brings the
 * checkout back filled in (its stay and payment choice are in its URL). A booking made clears it.
 */
export interface TContactDraft {
  name: string;
  email: string;
  phone: string;
  country: string;
  specialRequests: string;
}

export interface TBookingDraft {
  propertyId: number;
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
  contact: Partial<TContactDraft>;
  /**
   * The attempt to book whose answer has not come (it may have reached the server): its Idempotency-Key
   * and exactly what it sent. A retry, even after a reload, sends both again, so it finds the booking
   * already made instead of booking twice; `pay` is the payment choice it goes on to.
   */
  attempt?: { key: string; input: TBookingCreateInput; pay?: TPayChoice };
}

const KEY = 'stayhub.booking-draft';

/** Storage can be unavailable (privacy modes) or full: the draft is a convenience, never a failure. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readBookingDraft(propertyId: number): TBookingDraft | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as TBookingDraft;
    return draft.propertyId === propertyId ? draft : null;
  } catch {
    return null;
  }
}

export function saveBookingDraft(draft: TBookingDraft): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Not kept: a retry starts from the card's defaults, as it did before drafts.
  }
}

/** Merges `change` into the property's draft; starts one from `base` when it has none. */
export function updateBookingDraft(
  base: Omit<TBookingDraft, 'contact'>,
  change: Partial<Omit<TBookingDraft, 'propertyId'>>,
): void {
  const current = readBookingDraft(base.propertyId);
  saveBookingDraft({ contact: {}, ...current, ...base, ...change });
}

/** A fresh key for one attempt to book: 128 random bits (randomUUID needs a secure context). */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function clearBookingDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
